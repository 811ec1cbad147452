import { Center, Spinner, Stack, Text } from "@chakra-ui/react";
import { type ReactNode, useEffect } from "react";
import { InfoPage } from "../../ui/InfoPage";
import { PageFrame } from "../../ui/layout/PageFrame";
import { actionsLedBy, PRIVACY_POLICY } from "../../ui/pageActions";
import { useSession } from "../../ui/session";

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
function SignedInFrame({ children }: { children: ReactNode }) {
  const { user } = useSession();
  if (!user) return <SignInRedirect />;
  return <PageFrame>{children}</PageFrame>;
}

export function CompliancePage() {
  return (
    <SignedInFrame>
      <InfoPage
        eyebrow="Enterprise"
        title="Compliance"
        lead="Handle data-protection requests, retention rules and audit reporting for your organisation."
        pointsHeading="Sections"
        points={[
          "Overview of open requests and recent activity",
          "GDPR Requests: access, rectification, erasure, portability and restriction",
          "Data Retention: how long each kind of data is kept",
          "Reports: compliance reports for a chosen date range",
          "Audit Trail: who changed what, and when",
        ]}
        actions={actionsLedBy(PRIVACY_POLICY, { label: "Security", to: "/security" })}
      />
    </SignedInFrame>
  );
}

export function SecurityPage() {
  return (
    <SignedInFrame>
      <InfoPage
        eyebrow="Account security"
        title="Security"
        lead="Review how your account is protected: two-step sign-in, the devices signed in to your account, and recent security events."
        pointsHeading="Sections"
        points={[
          "Overview of your account's protection",
          "Multi-Factor Auth: turn on an authenticator app and keep backup codes",
          "Active Sessions: see where you're signed in and end sessions",
          "Security Events: sign-ins and changes, with their risk level",
        ]}
        actions={actionsLedBy(
          { label: "Your profile", to: "/profile" },
          { label: "Compliance", to: "/compliance" },
        )}
      />
    </SignedInFrame>
  );
}
