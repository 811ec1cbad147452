import { Badge, Box, Button, Container, Heading, Stack, Tabs, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import type { IconType } from "react-icons";
import {
  LuCalendarDays,
  LuHeart,
  LuMapPinned,
  LuMessageSquare,
  LuSearch,
  LuStar,
  LuUserRound,
} from "react-icons/lu";
import { AppShell } from "../../ui/layout/AppShell";
import { PageBand } from "../../ui/layout/PageBand";
import type { SessionUser } from "../../ui/session";
import { useDocumentTitle } from "../../ui/useDocumentTitle";
import { BrowsePanel } from "../browse";
import { NearbyDealerships } from "../maps";
import { MessagesInbox, messageQueries } from "../messages";
import { ProfileCard } from "../profile";
import { MyPurchaseClaims } from "../purchases";
import { MyReviewsPanel } from "../reviews";
import type { DashboardTab } from "./dashboardSearch";
import { FavoritesPanel } from "./FavoritesPanel";

const dashboardRoute = getRouteApi("/");

/** The tabs in order; `phone` ones are the phone tabs of docs/product/interface.md#mobile-tabs, the rest show from tablets up. */
const TABS: readonly {
  value: DashboardTab | "appointments";
  label: string;
  icon: IconType;
  phone?: boolean;
}[] = [
  { value: "browse", label: "Browse", icon: LuSearch, phone: true },
  { value: "appointments", label: "Appointments", icon: LuCalendarDays },
  { value: "ratings", label: "Ratings", icon: LuStar, phone: true },
  { value: "favorites", label: "Favorites", icon: LuHeart },
  { value: "messages", label: "Messages", icon: LuMessageSquare, phone: true },
  { value: "nearby", label: "Dealerships near you", icon: LuMapPinned },
  { value: "profile", label: "Profile", icon: LuUserRound, phone: true },
];

/** What `/` shows a signed-in customer: browse salespeople, plus their appointments, reviews and profile. */
export function CustomerDashboard({ user }: { user: SessionUser }) {
  useDocumentTitle("Find a salesperson");
  const search = dashboardRoute.useSearch();
  const navigate = useNavigate();
  const tab: DashboardTab = search.tab ?? "browse";
  const conversations = useQuery(messageQueries.conversations());
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
      <PageBand pt={{ base: "6", md: "8" }}>
        <Stack gap="1" mb="5">
          <Heading as="h1" size={{ base: "xl", md: "2xl" }} color="ink" letterSpacing="-0.02em">
            {user.firstName ? `Welcome back, ${user.firstName}` : "Welcome to KnowBefore"}
          </Heading>
          <Text color="fg.muted">
            Compare verified salespeople, read what real buyers say, and book with confidence.
          </Text>
          {/* The phone tabs (docs/product/interface.md#mobile-tabs) are browse, ratings and profile; on phones the map is one tap away here. */}
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
      </PageBand>
      <Tabs.Root value={tab} onValueChange={(e) => selectTab(e.value)} variant="line" lazyMount unmountOnExit>
        <PageBand sticky>
          <Tabs.List
            borderBottomWidth="0"
            gap={{ base: "0", md: "2" }}
            overflowX="auto"
            // Four tabs share a phone's width: words only there, icons from small tablets up.
            css={{ "& [role=tab] > svg": { display: { base: "none", sm: "inline-block" } } }}
          >
            {TABS.map(({ value, label, icon: TabIcon, phone }) => (
              <Tabs.Trigger
                key={value}
                value={value}
                // The phone tabs share the width; the others wait for wider screens.
                {...(phone
                  ? { flex: { base: "1", md: "none" }, justifyContent: "center" }
                  : { hideBelow: "md" })}
              >
                <TabIcon /> {label}
                {value === "messages" && unreadMessages > 0 ? (
                  <Badge colorPalette="blue" variant="solid" borderRadius="full" size="xs">
                    {unreadMessages}
                    <Box as="span" srOnly>
                      unread
                    </Box>
                  </Badge>
                ) : null}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
        </PageBand>
        <Container maxW="7xl" py={{ base: "5", md: "8" }}>
          <Tabs.Content value="browse" p="0">
            <BrowsePanel />
          </Tabs.Content>
          <Tabs.Content value="ratings" p="0">
            <Stack gap="6">
              <MyReviewsPanel />
              <MyPurchaseClaims />
            </Stack>
          </Tabs.Content>
          <Tabs.Content value="favorites" p="0">
            <FavoritesPanel onBrowse={() => selectTab("browse")} />
          </Tabs.Content>
          <Tabs.Content value="messages" p="0">
            <MessagesInbox
              conversationId={search.conversation}
              onSelect={openConversation}
              empty={{
                icon: LuMessageSquare,
                description:
                  "Ask a salesperson about a car, prices or availability with Contact on their profile. Their replies appear here.",
                action: (
                  <Button variant="outline" onClick={() => selectTab("browse")}>
                    Browse salespeople
                  </Button>
                ),
              }}
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
