import { Box, Center, Container, Flex, Heading, Skeleton, Stack } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { type ReactNode, useEffect } from "react";
import { ErrorKind } from "../../../shared/errorCodes";
import { clearAdminSession, readAdminSession } from "../../adminSession";
import { failedWith } from "../../trpc";
import { Eyebrow } from "../../ui/Eyebrow";
import { TabbedWorkspace } from "../../ui/layout/TabbedWorkspace";
import { LoadError } from "../../ui/QueryState";
import { useDocumentTitle } from "../../ui/useDocumentTitle";
import { ADMIN_TABS, type AdminTab, adminDashboardSearchSchema } from "./adminSearch";
import { ADMIN_TAB_PANELS } from "./adminTabs";
import { ConsoleHeader } from "./ConsoleHeader";
import { adminQueries } from "./queries";

const PANELS = Object.fromEntries(
  ADMIN_TABS.map((value) => {
    const { panel: Panel, label } = ADMIN_TAB_PANELS[value];
    return [value, <Panel key={value} label={label} />];
  }),
) as Record<AdminTab, ReactNode>;

/** The console's tabs, under the page's own heading (no header band) and stuck to the top: it has no app bar. */
const WORKSPACE = {
  header: null,
  tabs: ADMIN_TABS,
  labels: ADMIN_TAB_PANELS,
  stickyTop: "0",
  panels: PANELS,
} as const;

function Console({ tab, onTabChange }: { tab: AdminTab; onTabChange: (tab: AdminTab) => void }) {
  return <TabbedWorkspace {...WORKSPACE} active={tab} onTabChange={onTabChange} />;
}

/**
 * /admin/dashboard and /admin-dashboard: the console. The stored token is verified on load; an invalid or
 * expired one is forgotten and the administrator signs in again.
 */
export function AdminConsolePage() {
  const search = adminDashboardSearchSchema(useSearch({ strict: false }));
  const navigate = useNavigate();
  const tab: AdminTab = search.tab ?? "overview";
  const session = readAdminSession();
  const verify = useQuery({ ...adminQueries.verify(), enabled: session !== null });
  const refused = verify.isError && failedWith(verify.error, ErrorKind.UNAUTHORIZED, ErrorKind.FORBIDDEN);
  useEffect(() => {
    if (session === null || refused) {
      clearAdminSession();
      void navigate({ to: "/admin/login", replace: true });
    }
  }, [session, refused, navigate]);
  useDocumentTitle(`${ADMIN_TAB_PANELS[tab].label} · Admin console`);

  return (
    <Flex direction="column" minH="100dvh" bg="gray.50">
      <ConsoleHeader email={verify.data?.user.email ?? session?.email ?? ""} />
      <Box as="main" id="main" flex="1">
        <Container maxW="7xl" pt={{ base: "5", md: "7" }} pb="3">
          <Stack gap="0.5">
            <Eyebrow>Platform administration</Eyebrow>
            <Heading as="h1" size={{ base: "xl", md: "2xl" }} color="ink" letterSpacing="-0.02em">
              Admin Dashboard
            </Heading>
          </Stack>
        </Container>
        {verify.data ? (
          <Console
            tab={tab}
            onTabChange={(next) =>
              void navigate({ to: ".", search: next === "overview" ? {} : { tab: next }, replace: true })
            }
          />
        ) : verify.isError && !refused ? (
          <Center px="4" py="16">
            <LoadError
              title="We couldn't reach the server"
              description="Network error. Please try again."
              onRetry={() => void verify.refetch()}
              maxW="md"
            />
          </Center>
        ) : (
          <Container maxW="7xl" py="6" role="status" aria-busy="true" aria-label="Loading">
            <Stack gap="4">
              <Skeleton height="10" borderRadius="lg" />
              <Skeleton height="40" borderRadius="xl" />
            </Stack>
          </Container>
        )}
      </Box>
    </Flex>
  );
}
