import {
  Box,
  Button,
  Center,
  Container,
  Flex,
  Heading,
  HStack,
  Skeleton,
  Stack,
  Text,
} from "@chakra-ui/react";
import { useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate, useSearch } from "@tanstack/react-router";
import { type ReactNode, useEffect } from "react";
import { LuHouse, LuKeyRound, LuLogOut } from "react-icons/lu";
import { clearAdminSession, readAdminSession } from "../../adminSession";
import { apiErrorCode, trpc } from "../../trpc";
import { Eyebrow } from "../../ui/Eyebrow";
import { Logo } from "../../ui/layout/Logo";
import { TabbedWorkspace } from "../../ui/layout/TabbedWorkspace";
import { LoadError } from "../../ui/QueryState";
import { useDocumentTitle } from "../../ui/useDocumentTitle";
import { ADMIN_TABS, type AdminTab, adminDashboardSearchSchema } from "./adminSearch";
import { ADMIN_TAB_PANELS } from "./adminTabs";

/** Ends the console session on the server, forgets the token and everything read with it. */
function useAdminLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = trpc.admin.logout.useMutation();
  const run = async () => {
    try {
      await logout.mutateAsync();
    } catch (error) {
      // The token is forgotten either way; an unreachable server lets it expire on its own.
      console.warn("Sign-out failed", error);
    }
    clearAdminSession();
    queryClient.removeQueries();
    await navigate({ to: "/admin/login" });
  };
  return { run, isPending: logout.isPending };
}

function ConsoleHeader({ email }: { email: string }) {
  const logout = useAdminLogout();
  return (
    <Box as="header" bg="white" borderBottomWidth="1px" borderColor="border.muted">
      <Container maxW="7xl" py="3">
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <HStack gap="3" minW="0">
            <Logo />
            <Eyebrow hideBelow="sm">Admin console</Eyebrow>
          </HStack>
          <HStack gap="2">
            <Text hideBelow="md" fontSize="sm" color="fg.muted" truncate maxW="64">
              {email}
            </Text>
            <Button asChild variant="ghost" size="sm" aria-label="API keys">
              <Link to="/api-keys">
                <LuKeyRound />
                <Text as="span" hideBelow="sm">
                  API keys
                </Text>
              </Link>
            </Button>
            <Button asChild variant="ghost" size="sm" aria-label="Home">
              <a href="/">
                <LuHouse />
                <Text as="span" hideBelow="sm">
                  Home
                </Text>
              </a>
            </Button>
            <Button
              variant="outline"
              size="sm"
              loading={logout.isPending}
              loadingText="Signing out"
              onClick={() => void logout.run()}
            >
              <LuLogOut /> Sign out
            </Button>
          </HStack>
        </Flex>
      </Container>
    </Box>
  );
}

const PANELS = Object.fromEntries(
  ADMIN_TABS.map((value) => {
    const { panel: Panel, label } = ADMIN_TAB_PANELS[value];
    return [value, <Panel key={value} label={label} />];
  }),
) as Record<AdminTab, ReactNode>;

function Console({ tab, onTabChange }: { tab: AdminTab; onTabChange: (tab: AdminTab) => void }) {
  return (
    <TabbedWorkspace
      header={null}
      tabs={ADMIN_TABS}
      labels={ADMIN_TAB_PANELS}
      active={tab}
      onTabChange={onTabChange}
      stickyTop="0"
      panels={PANELS}
    />
  );
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
  const verify = trpc.admin.verify.useQuery(undefined, {
    enabled: session !== null,
    staleTime: 0,
    refetchOnMount: "always",
  });
  const refused = verify.isError && ["UNAUTHORIZED", "FORBIDDEN"].includes(apiErrorCode(verify.error) ?? "");
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
          <Container maxW="7xl" py="6" aria-busy="true" aria-label="Loading">
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
