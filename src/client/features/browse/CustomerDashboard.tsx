import { Badge, Box, Button, Container, EmptyState, Heading, Stack, Tabs, Text } from "@chakra-ui/react";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import {
  LuCalendarDays,
  LuHeart,
  LuMapPinned,
  LuMessageSquare,
  LuSearch,
  LuStar,
  LuUserRound,
} from "react-icons/lu";
import { trpc } from "../../trpc";
import { AppShell } from "../../ui/layout/AppShell";
import { useDocumentTitle } from "../../ui/useDocumentTitle";
import type { SessionUser } from "../auth/session";
import { FavoritesPanel } from "../favorites/FavoritesPanel";
import { NearbyDealerships } from "../maps/NearbyDealerships";
import { MessagesInbox } from "../messages/MessagesInbox";
import { ProfileCard } from "../profile/ProfilePage";
import { MyReviewsPanel } from "../ratings/MyReviewsPanel";
import { BrowsePanel } from "./BrowsePanel";
import type { DashboardTab } from "./dashboardSearch";

const dashboardRoute = getRouteApi("/");

/** What `/` shows a signed-in customer: browse salespeople, plus their appointments, reviews and profile. */
export function CustomerDashboard({ user }: { user: SessionUser }) {
  useDocumentTitle("Find a salesperson");
  const search = dashboardRoute.useSearch();
  const navigate = useNavigate();
  const tab: DashboardTab = search.tab ?? "browse";
  const conversations = trpc.messages.conversations.useQuery();
  const unreadMessages = (conversations.data ?? []).reduce((sum, c) => sum + c.unread, 0);

  const selectTab = (value: string) => {
    if (value === "appointments") {
      void navigate({ to: "/appointments" });
      return;
    }
    void navigate({
      to: "/",
      search: (prev) => ({
        ...prev,
        tab: value === "browse" ? undefined : (value as DashboardTab),
        conversation: value === "messages" ? prev.conversation : undefined,
      }),
      replace: true,
    });
  };

  const openConversation = (conversation: number | undefined) =>
    void navigate({ to: "/", search: (prev) => ({ ...prev, tab: "messages", conversation }) });

  return (
    <AppShell>
      <Box bg="white" borderBottomWidth="1px" borderColor="border.muted">
        <Container maxW="7xl" pt={{ base: "6", md: "8" }}>
          <Stack gap="1" mb="5">
            <Heading as="h1" size={{ base: "xl", md: "2xl" }} color="ink" letterSpacing="-0.02em">
              {user.firstName ? `Welcome back, ${user.firstName}` : "Welcome to KnowBefore"}
            </Heading>
            <Text color="fg.muted">
              Compare verified salespeople, read what real buyers say, and book with confidence.
            </Text>
            {/* SPEC.md's mobile tabs are browse, ratings and profile; on phones the map is one tap away here. */}
            <Button
              size="sm"
              variant="outline"
              alignSelf="flex-start"
              mt="2"
              hideFrom="md"
              onClick={() => selectTab("nearby")}
            >
              <LuMapPinned /> Dealerships near you
            </Button>
          </Stack>
        </Container>
      </Box>
      <Tabs.Root value={tab} onValueChange={(e) => selectTab(e.value)} variant="line" lazyMount unmountOnExit>
        <Box
          bg="white"
          borderBottomWidth="1px"
          borderColor="border.muted"
          position="sticky"
          top="16"
          zIndex="docked"
        >
          <Container maxW="7xl">
            <Tabs.List
              borderBottomWidth="0"
              gap={{ base: "0", md: "2" }}
              overflowX="auto"
              // Four tabs share a phone's width: words only there, icons from small tablets up.
              css={{ "& [role=tab] > svg": { display: { base: "none", sm: "inline-block" } } }}
            >
              <Tabs.Trigger value="browse" flex={{ base: "1", md: "none" }} justifyContent="center">
                <LuSearch /> Browse
              </Tabs.Trigger>
              <Tabs.Trigger value="appointments" hideBelow="md">
                <LuCalendarDays /> Appointments
              </Tabs.Trigger>
              <Tabs.Trigger value="ratings" flex={{ base: "1", md: "none" }} justifyContent="center">
                <LuStar /> Ratings
              </Tabs.Trigger>
              <Tabs.Trigger value="favorites" hideBelow="md">
                <LuHeart /> Favorites
              </Tabs.Trigger>
              <Tabs.Trigger value="messages" flex={{ base: "1", md: "none" }} justifyContent="center">
                <LuMessageSquare /> Messages
                {unreadMessages > 0 ? (
                  <Badge colorPalette="blue" variant="solid" borderRadius="full" size="xs">
                    {unreadMessages}
                    <Box as="span" srOnly>
                      unread
                    </Box>
                  </Badge>
                ) : null}
              </Tabs.Trigger>
              <Tabs.Trigger value="nearby" hideBelow="md">
                <LuMapPinned /> Dealerships near you
              </Tabs.Trigger>
              <Tabs.Trigger value="profile" flex={{ base: "1", md: "none" }} justifyContent="center">
                <LuUserRound /> Profile
              </Tabs.Trigger>
            </Tabs.List>
          </Container>
        </Box>
        <Container maxW="7xl" py={{ base: "5", md: "8" }}>
          <Tabs.Content value="browse" p="0">
            <BrowsePanel />
          </Tabs.Content>
          <Tabs.Content value="ratings" p="0">
            <MyReviewsPanel />
          </Tabs.Content>
          <Tabs.Content value="favorites" p="0">
            <FavoritesPanel onBrowse={() => selectTab("browse")} />
          </Tabs.Content>
          <Tabs.Content value="messages" p="0">
            <MessagesInbox
              conversationId={search.conversation}
              onSelect={openConversation}
              emptyState={
                <EmptyState.Root borderWidth="1px" borderStyle="dashed" borderRadius="xl" bg="white" py="14">
                  <EmptyState.Content maxW="md">
                    <EmptyState.Indicator>
                      <LuMessageSquare />
                    </EmptyState.Indicator>
                    <Stack textAlign="center" gap="2">
                      <EmptyState.Title>No messages yet</EmptyState.Title>
                      <EmptyState.Description>
                        Ask a salesperson about a car, prices or availability with Contact on their profile.
                        Their replies appear here.
                      </EmptyState.Description>
                    </Stack>
                    <Button variant="outline" onClick={() => selectTab("browse")}>
                      Browse salespeople
                    </Button>
                  </EmptyState.Content>
                </EmptyState.Root>
              }
            />
          </Tabs.Content>
          <Tabs.Content value="nearby" p="0">
            <NearbyDealerships home={user} />
          </Tabs.Content>
          <Tabs.Content value="profile" p="0" maxW="3xl">
            <ProfileCard user={user} />
          </Tabs.Content>
        </Container>
      </Tabs.Root>
    </AppShell>
  );
}
