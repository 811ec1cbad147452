import { Button, Center, Container, HStack, Skeleton, SkeletonCircle, Stack, Tabs } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate, useSearch } from "@tanstack/react-router";
import type { ReactNode } from "react";
import type { IconType } from "react-icons";
import {
  LuCalendarDays,
  LuCalendarOff,
  LuChartLine,
  LuCreditCard,
  LuMessageSquareQuote,
  LuMessagesSquare,
  LuUserRound,
  LuUserX,
} from "react-icons/lu";
import type { AnalyticsPeriod } from "../../../shared/analytics";
import type { SalespersonDetail } from "../../../shared/schemas/salespeople";
import { trpc } from "../../trpc";
import { AppShell } from "../../ui/layout/AppShell";
import { PageBand } from "../../ui/layout/PageBand";
import { TabbedWorkspace } from "../../ui/layout/TabbedWorkspace";
import { LoadError, Notice } from "../../ui/QueryState";
import { type SessionUser, useSession } from "../../ui/session";
import { useDocumentTitle } from "../../ui/useDocumentTitle";
import { FeedbackPanel } from "../feedback";
import { MessagesInbox } from "../messages";
import { AppointmentsPanel } from "./appointments/AppointmentsPanel";
import { AvailabilityPanel } from "./availability/AvailabilityPanel";
import { DashboardHeader } from "./DashboardHeader";
import {
  DEFAULT_PERIOD,
  SALESPERSON_TABS,
  type SalespersonDashboardSearch,
  type SalespersonTab,
  salespersonDashboardSearchSchema,
} from "./dashboardSearch";
import { OverviewPanel } from "./overview/OverviewPanel";
import { ProfilePanel } from "./profile/ProfilePanel";
import { portalQueries } from "./queries";
import { SubscriptionPanel } from "./subscription/SubscriptionPanel";
import { TeamInvitations } from "./TeamInvitations";

const TAB_LABELS: Record<SalespersonTab, { label: string; icon: IconType }> = {
  overview: { label: "Overview", icon: LuChartLine },
  appointments: { label: "Appointments", icon: LuCalendarDays },
  messages: { label: "Messages", icon: LuMessagesSquare },
  feedback: { label: "Feedback", icon: LuMessageSquareQuote },
  profile: { label: "Profile", icon: LuUserRound },
  availability: { label: "Availability", icon: LuCalendarOff },
  subscription: { label: "Subscription", icon: LuCreditCard },
};

/** Shown to a signed-in account that has no salesperson profile: where they probably meant to go. */
function NotASalesperson({ user }: { user: SessionUser }) {
  const elsewhere =
    user.role === "manager"
      ? { to: "/manager-dashboard" as const, label: "Go to the manager dashboard" }
      : user.role === "admin"
        ? { to: "/admin/dashboard" as const, label: "Go to the admin dashboard" }
        : { to: "/" as const, label: "Back to browsing" };
  return (
    <Center px="4" py={{ base: "12", md: "20" }}>
      <Notice
        icon={LuUserX}
        title="This dashboard is for salespeople"
        titleAs="h1"
        description={`You're signed in as ${user.email}, which isn't a salesperson account. Salespeople sign in or create their professional profile in the salesperson portal.`}
        maxW="lg"
        layerStyle="raisedNotice"
      >
        <HStack gap="3" wrap="wrap" justify="center">
          <Button asChild colorPalette="blue">
            <Link to="/salesperson-login">Go to the salesperson portal</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={elsewhere.to}>{elsewhere.label}</Link>
          </Button>
        </HStack>
      </Notice>
    </Center>
  );
}

function DashboardSkeleton() {
  return (
    <PageBand py="7" role="status" aria-busy="true" aria-label="Loading">
      <HStack gap="4">
        <SkeletonCircle size="16" />
        <Stack gap="2" flex="1" maxW="sm">
          <Skeleton height="3" width="40%" />
          <Skeleton height="7" width="80%" />
          <Skeleton height="4" width="60%" />
        </Stack>
      </HStack>
    </PageBand>
  );
}

/** The signed-in salesperson's own profile, loaded fresh each time a page of the dashboard opens. */
function useOwnProfile() {
  const { user } = useSession();
  const me = useQuery({
    ...portalQueries.me(),
    enabled: user?.salespersonId != null,
  });
  return { user, me };
}

/** The page once the salesperson is known: who isn't one is pointed elsewhere, and a failed load can be retried. */
function OwnProfile({
  own: { user, me },
  children,
}: {
  own: ReturnType<typeof useOwnProfile>;
  children: (salesperson: SalespersonDetail) => ReactNode;
}) {
  if (user && user.salespersonId === null) return <NotASalesperson user={user} />;
  if (!user || me.isPending) return <DashboardSkeleton />;
  if (me.isError) {
    return (
      <Center px="4" py="20">
        <LoadError
          title="We couldn't load your dashboard"
          description="Check your connection and try again."
          titleAs="h1"
          onRetry={() => void me.refetch()}
          maxW="md"
          borderStyle="solid"
          borderRadius="2xl"
        />
      </Center>
    );
  }
  return <>{children(me.data)}</>;
}

type DashboardSearchChange = (next: SalespersonDashboardSearch) => void;

function Dashboard({
  salesperson,
  search,
  onSearchChange,
}: {
  salesperson: SalespersonDetail;
  search: SalespersonDashboardSearch;
  onSearchChange: DashboardSearchChange;
}) {
  const utils = trpc.useUtils();
  const tab: SalespersonTab = search.tab ?? "overview";
  const period: AnalyticsPeriod = search.period ?? DEFAULT_PERIOD;

  return (
    <TabbedWorkspace
      header={
        <>
          <DashboardHeader salesperson={salesperson} />
          <TeamInvitations />
        </>
      }
      tabs={SALESPERSON_TABS}
      labels={TAB_LABELS}
      active={tab}
      tabGap="2"
      onTabChange={(next) => {
        onSearchChange({
          ...search,
          tab: next === "overview" ? undefined : next,
          conversation: undefined,
        });
        // New bookings and reviews arrive while the dashboard is open; moving between tabs checks the top-bar bell.
        void utils.notifications.list.invalidate();
      }}
    >
      <Tabs.Content value="overview" p="0">
        <OverviewPanel
          salesperson={salesperson}
          period={period}
          onPeriodChange={(next) =>
            onSearchChange({ ...search, period: next === DEFAULT_PERIOD ? undefined : next })
          }
        />
      </Tabs.Content>
      <Tabs.Content value="appointments" p="0" maxW="4xl">
        <AppointmentsPanel salesperson={salesperson} />
      </Tabs.Content>
      <Tabs.Content value="messages" p="0">
        <MessagesInbox
          conversationId={search.conversation}
          onSelect={(id) => onSearchChange({ ...search, tab: "messages", conversation: id })}
        />
      </Tabs.Content>
      <Tabs.Content value="feedback" p="0">
        <FeedbackPanel who="salesperson" />
      </Tabs.Content>
      <Tabs.Content value="profile" p="0">
        <ProfilePanel salesperson={salesperson} />
      </Tabs.Content>
      <Tabs.Content value="availability" p="0">
        <AvailabilityPanel salesperson={salesperson} />
      </Tabs.Content>
      <Tabs.Content value="subscription" p="0" maxW="4xl">
        <SubscriptionPanel salesperson={salesperson} />
      </Tabs.Content>
    </TabbedWorkspace>
  );
}

/**
 * /salesperson-dashboard and /salesperson/dashboard: the signed-in salesperson's workplace. The tab, period
 * and open conversation live in the URL of whichever of the two paths is open.
 */
export function SalespersonDashboardPage() {
  const search = salespersonDashboardSearchSchema(useSearch({ strict: false }));
  const navigate = useNavigate();
  const onSearchChange: DashboardSearchChange = (next) =>
    void navigate({ to: ".", search: next, replace: true });
  const own = useOwnProfile();
  const tab: SalespersonTab = search.tab ?? "overview";
  useDocumentTitle(
    own.me.data ? `${TAB_LABELS[tab].label} · Salesperson dashboard` : "Salesperson dashboard",
  );
  return (
    <AppShell>
      <OwnProfile own={own}>
        {(salesperson) => (
          <Dashboard salesperson={salesperson} search={search} onSearchChange={onSearchChange} />
        )}
      </OwnProfile>
    </AppShell>
  );
}

/** /salesperson/profile: the Profile tab on a page of its own. */
export function SalespersonProfileEditorPage() {
  const own = useOwnProfile();
  useDocumentTitle("Your professional profile");
  return (
    <AppShell>
      <OwnProfile own={own}>
        {(salesperson) => (
          <Container maxW="7xl" py={{ base: "5", md: "8" }}>
            <Stack gap="4">
              <Button asChild variant="ghost" size="sm" alignSelf="flex-start" color="fg.muted" ms="-2">
                <Link to="/salesperson-dashboard">← Back to dashboard</Link>
              </Button>
              <ProfilePanel salesperson={salesperson} />
            </Stack>
          </Container>
        )}
      </OwnProfile>
    </AppShell>
  );
}
