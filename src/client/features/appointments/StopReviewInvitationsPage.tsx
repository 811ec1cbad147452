// /review-invitations/stop?token=…: the link at the foot of every invitation to review. One click stops them
// for the account the e-mail was sent to; no sign-in needed, the sealed token says whose.
import { Button, Center, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { LuMailX } from "react-icons/lu";
import { trpc } from "../../trpc";
import { PublicLayout } from "../../ui/layout/PublicLayout";
import { Notice } from "../../ui/QueryState";
import { useDocumentTitle } from "../../ui/useDocumentTitle";

export function StopReviewInvitationsPage({ token }: { token: string | undefined }) {
  useDocumentTitle("Stop invitations to review");
  const stop = trpc.appointments.stopReviewInvitations.useMutation();
  const done = stop.data;
  return (
    <PublicLayout>
      <Center flex="1" px="4" py="20" bg="bg.subtle">
        <Notice
          icon={LuMailX}
          title={done ? "Invitations to review stopped" : "Stop invitations to review?"}
          titleAs="h1"
          description={
            done
              ? `${done.email} will get no more e-mails inviting a review. You can still review a visit from My Appointments.`
              : token
                ? "After a visit closes, we e-mail you once to ask how it went. One click stops these e-mails for your account."
                : "This link is not complete. Use the link from your latest e-mail."
          }
          maxW="md"
          bg="bg.panel"
          borderWidth="1px"
          borderRadius="2xl"
          boxShadow="sm"
        >
          {stop.error ? (
            <Text color="red.600" fontSize="sm" role="alert">
              {stop.error.message}
            </Text>
          ) : null}
          {done ? (
            <Button asChild variant="outline">
              <Link to="/">Back to KnowBefore</Link>
            </Button>
          ) : token ? (
            <Button colorPalette="blue" loading={stop.isPending} onClick={() => stop.mutate({ token })}>
              Stop invitations to review
            </Button>
          ) : null}
        </Notice>
      </Center>
    </PublicLayout>
  );
}
