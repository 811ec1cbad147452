import { Center, Spinner, Stack, Text } from "@chakra-ui/react";
import { type ReactNode, useEffect } from "react";
import { useSession } from "../session";
import { PageFrame } from "./PageFrame";

/** Compliance and security need a session; signed-out visitors are sent to the server's sign-in route. */
function SignInRedirect() {
  useEffect(() => {
    window.location.assign("/api/login");
  }, []);
  return (
    <Center minH="100dvh">
      <Stack align="center" gap="3" role="status">
        <Spinner color="blue.600" />
        <Text color="fg.muted">Redirecting to sign in…</Text>
      </Stack>
    </Center>
  );
}

/** Compliance and security need a session: the page in its frame once signed in, else a redirect to sign in. */
export function SignedInFrame({ children }: { children: ReactNode }) {
  const { user } = useSession();
  if (!user) return <SignInRedirect />;
  return <PageFrame>{children}</PageFrame>;
}
