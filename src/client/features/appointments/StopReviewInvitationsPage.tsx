// /review-invitations/stop?token=…: the link at the foot of every invitation to review. One click stops them
// for the account the e-mail was sent to; no sign-in needed, the sealed token says whose.
import { Button } from "@chakra-ui/react";
import { LuMailX } from "react-icons/lu";
import { trpc } from "../../trpc";
import { HomeButton } from "../../ui/links";
import { NoticePage } from "../../ui/NoticePage";
import { useDocumentTitle } from "../../ui/useDocumentTitle";

export function StopReviewInvitationsPage({ token }: { token: string | undefined }) {
  useDocumentTitle("Stop invitations to review");
  const stop = trpc.appointments.stopReviewInvitations.useMutation();
  const done = stop.data;
  return (
    <NoticePage
      icon={LuMailX}
      title={done ? "Invitations to review stopped" : "Stop invitations to review?"}
      description={
        done
          ? `${done.email} will get no more e-mails inviting a review. You can still review a visit from My Appointments.`
          : token
            ? "After a visit closes, we e-mail you once to ask how it went. One click stops these e-mails for your account."
            : "This link is not complete. Use the link from your latest e-mail."
      }
      failure={stop.error?.message}
    >
      {done ? (
        <HomeButton variant="outline">Back to KnowBefore</HomeButton>
      ) : token ? (
        <Button colorPalette="blue" loading={stop.isPending} onClick={() => stop.mutate({ token })}>
          Stop invitations to review
        </Button>
      ) : null}
    </NoticePage>
  );
}
