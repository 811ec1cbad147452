import type { IconType } from "react-icons";
import {
  LuActivity,
  LuFingerprint,
  LuKeyRound,
  LuLayoutDashboard,
  LuLink,
  LuMonitorSmartphone,
} from "react-icons/lu";
import { SignedInFrame } from "../../ui/layout/SignedInFrame";
import { TabbedWorkspace, useSearchTab } from "../../ui/layout/TabbedWorkspace";
import { useSession } from "../../ui/session";
import { useDocumentTitle } from "../../ui/useDocumentTitle";
import { EventsTab } from "./EventsTab";
import { LinkedAccountsTab } from "./LinkedAccountsTab";
import { MfaTab } from "./MfaTab";
import { OverviewTab } from "./OverviewTab";
import { PasskeysTab } from "./PasskeysTab";
import { SessionsTab } from "./SessionsTab";
import { SECURITY_TABS, type SecurityTab, securitySearchSchema } from "./securitySearch";

const PAGE_TITLE = "Security";
const DESCRIPTION =
  "Review how your KnowBefore account is protected: two-factor sign-in, the devices signed in to your account, and recent security events.";

const TAB_LABELS: Record<SecurityTab, { label: string; icon: IconType }> = {
  overview: { label: "Overview", icon: LuLayoutDashboard },
  mfa: { label: "Multi-Factor Auth", icon: LuKeyRound },
  passkeys: { label: "Passkeys", icon: LuFingerprint },
  linked: { label: "Linked accounts", icon: LuLink },
  sessions: { label: "Active Sessions", icon: LuMonitorSmartphone },
  events: { label: "Security Events", icon: LuActivity },
};

function Workspace({ isAdmin }: { isAdmin: boolean }) {
  useDocumentTitle(PAGE_TITLE, DESCRIPTION);
  const [tab, openTab] = useSearchTab(securitySearchSchema, SECURITY_TABS);
  return (
    <TabbedWorkspace
      eyebrow={isAdmin ? "Platform administration" : "Account security"}
      title={PAGE_TITLE}
      lead={
        isAdmin
          ? "Your own sign-in protection and sessions, every account's security events, and the platform's rules for administrators."
          : "Two-step sign-in, the devices signed in to your account, and what happened to it recently."
      }
      tabs={SECURITY_TABS}
      labels={TAB_LABELS}
      active={tab}
      onTabChange={openTab}
      panels={{
        overview: <OverviewTab isAdmin={isAdmin} onOpenTab={openTab} />,
        mfa: <MfaTab />,
        passkeys: <PasskeysTab isAdmin={isAdmin} />,
        linked: <LinkedAccountsTab isAdmin={isAdmin} />,
        sessions: <SessionsTab />,
        events: <EventsTab isAdmin={isAdmin} />,
      }}
    />
  );
}

/** Signed-out visitors are sent to sign in (docs/product/routes.md#route-states: security sends unauthenticated users to /api/login). */
export function SecurityPage() {
  const { user } = useSession();
  return <SignedInFrame>{user ? <Workspace isAdmin={user.role === "admin"} /> : null}</SignedInFrame>;
}
