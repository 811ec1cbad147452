// /unsubscribe?token=…: where an e-mail's "Unsubscribe from these e-mails" link (and its List-Unsubscribe
// address, opened in a browser) lands. Opening it changes nothing, since mail scanners open every link; the
// button does. No sign-in needed: the sealed token names the account and the kind of e-mail.
import { Button, HStack } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { LuMailCheck, LuMailX } from "react-icons/lu";
import { apiErrorMessage, trpc } from "../../trpc";
import { HomeButton } from "../../ui/links";
import { NoticePage } from "../../ui/NoticePage";
import { useSession } from "../../ui/session";
import { useDocumentTitle } from "../../ui/useDocumentTitle";

const NOT_VALID = "This link is not complete. Use the link from your latest e-mail.";

export function UnsubscribePage({ token }: { token: string | undefined }) {
  useDocumentTitle("Unsubscribe");
  const { user } = useSession();
  const link = trpc.notifications.unsubscribeLink.useQuery(
    { token: token ?? "" },
    { enabled: Boolean(token), retry: false },
  );
  const stop = trpc.notifications.unsubscribe.useMutation();
  const done = stop.data ?? (link.data?.unsubscribed ? link.data : undefined);
  const about = link.data;
  const failed = !token ? NOT_VALID : link.error ? apiErrorMessage(link.error, NOT_VALID) : null;
  return (
    <NoticePage
      icon={done ? LuMailCheck : LuMailX}
      title={
        failed
          ? "This unsubscribe link does not work"
          : done
            ? "You are unsubscribed"
            : about
              ? `Stop e-mails about ${about.label.toLowerCase()}?`
              : "Unsubscribe"
      }
      description={
        failed
          ? failed
          : done
            ? `${done.email} will get no more e-mails about ${done.label.toLowerCase()}. You still see them in the app, and you can switch them back on in your notification settings.`
            : about
              ? `One click stops these e-mails for ${about.email}. Sign-in links, security notices and booking confirmations still reach you.`
              : "Reading the link…"
      }
      failure={
        stop.error ? apiErrorMessage(stop.error, "The e-mails could not be stopped. Please try again.") : null
      }
    >
      <HStack gap="3" flexWrap="wrap" justify="center">
        {!done && about && token ? (
          <Button colorPalette="blue" loading={stop.isPending} onClick={() => stop.mutate({ token })}>
            Unsubscribe
          </Button>
        ) : null}
        {user ? (
          <Button asChild variant="outline">
            <Link to="/settings/notifications">Notification settings</Link>
          </Button>
        ) : (
          <HomeButton variant="outline">Back to KnowBefore</HomeButton>
        )}
      </HStack>
    </NoticePage>
  );
}
