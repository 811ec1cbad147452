import { Avatar, Box, Button, Flex, HStack, IconButton, Stack, Text } from "@chakra-ui/react";
import { avatarSlotRecipe } from "@chakra-ui/react/theme";
import { Link } from "@tanstack/react-router";
import { type ReactNode, Suspense, useContext, useState } from "react";
import { LuLogOut, LuMenu } from "../icons";
import { displayName, type SessionUser, useSession } from "../session";
import { Logo } from "./Logo";
import { MenuDrawer } from "./MenuDrawer";
import { SignOutButton } from "./SignOutButton";
import { TopBar, TopBarExtra } from "./TopBar";

type AppNavItem = {
  to:
    | "/"
    | "/appointments"
    | "/profile"
    | "/salesperson/profile"
    | "/dealer-subscription"
    | "/manager-dashboard"
    | "/bookings"
    | "/group"
    | "/salesperson-dashboard"
    | "/api-keys"
    | "/settings/notifications";
  label: string;
};

function navFor(user: SessionUser | null): AppNavItem[] {
  // Only the account a dealership names as its manager gets the manager dashboard link (the server decides
  // who that is; managedDealershipId is its answer).
  const manages = user?.managedDealershipId != null;
  const managerLink: AppNavItem = { to: "/manager-dashboard", label: "Manager dashboard" };
  // Every account chooses which notices reach it.
  const notificationsLink: AppNavItem = { to: "/settings/notifications", label: "Notifications" };
  // API keys are for the same managers and for administrators.
  const apiKeysLink: AppNavItem[] =
    manages || user?.role === "admin" ? [{ to: "/api-keys", label: "API keys" }] : [];
  // The people of a dealer group have its page, whatever their role in it.
  const groupLink: AppNavItem[] = user?.groupId != null ? [{ to: "/group", label: "Dealer group" }] : [];
  // Everyone who works for a dealership, staff among them, handles its bookings.
  const bookingsLink: AppNavItem[] =
    user?.dealershipId != null ? [{ to: "/bookings", label: "Bookings" }] : [];
  // Staff have the dealership's bookings only: no dashboard of their own, no plans to buy.
  const staffOnly = user?.dealershipRole === "staff" && user.salespersonId === null && !manages;
  if (user && user.role !== "customer") {
    const items: AppNavItem[] = [
      // A manager without a salesperson profile has only the manager dashboard.
      ...((user.salespersonId !== null || !manages) && !staffOnly
        ? [{ to: "/salesperson-dashboard", label: "Dashboard" } as const]
        : []),
      ...(manages ? [managerLink] : []),
      ...groupLink,
      ...bookingsLink,
      ...apiKeysLink,
      // A salesperson edits their public profile; a manager without one edits their account.
      { to: user.salespersonId !== null ? "/salesperson/profile" : "/profile", label: "Profile" },
      ...(staffOnly ? [] : [{ to: "/dealer-subscription", label: "Plans" } as const]),
      notificationsLink,
    ];
    return items;
  }
  return [
    { to: "/", label: "Browse" },
    { to: "/appointments", label: "Appointments" },
    ...(manages ? [managerLink] : []),
    ...apiKeysLink,
    { to: "/profile", label: "Profile" },
    { to: "/dealer-subscription", label: "Plans" },
    notificationsLink,
  ];
}

/** The most account links the top bar holds beside the account's name at 1280 px. */
const CROWDED_LINKS = 6;

/** Frame of the signed-in areas: a compact top bar with the account's links and sign-out. */
export function AppShell({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const Extra = useContext(TopBarExtra);
  const [menuOpen, setMenuOpen] = useState(false);
  const items = navFor(user);
  const name = user ? displayName(user) : "";

  return (
    <Flex direction="column" minH="100dvh" bg="gray.50">
      <TopBar bar={{ bg: "white" }}>
        <Logo />
        <HStack as="nav" aria-label="Account" gap="1" hideBelow="md">
          {items.map((item) => (
            <Button key={item.to} asChild variant="ghost" size="sm" color="fg.muted" fontWeight="medium">
              <Link
                to={item.to}
                activeOptions={{ exact: true, includeSearch: false }}
                activeProps={{ "aria-current": "page", style: { color: "#1d4ed8", background: "#eff6ff" } }}
              >
                {item.label}
              </Link>
            </Button>
          ))}
        </HStack>
        <HStack gap="3">
          {Extra && user && user.role !== "admin" ? (
            <Suspense fallback={<Box boxSize="8" />}>
              <Extra />
            </Suspense>
          ) : null}
          {user ? (
            <HStack gap="2" hideBelow="lg">
              <Avatar.Root recipe={avatarSlotRecipe} size="xs" colorPalette="blue">
                <Avatar.Fallback name={name} />
                {user.profileImageUrl ? <Avatar.Image src={user.profileImageUrl} alt="" /> : null}
              </Avatar.Root>
              {/* Beside seven links or more (a dealer group's people), the name shows only where they leave it
                  room; the avatar's initials say who. */}
              <Text
                fontSize="sm"
                fontWeight="medium"
                maxW="40"
                truncate
                hideBelow={items.length > CROWDED_LINKS ? "2xl" : undefined}
              >
                {name}
              </Text>
            </HStack>
          ) : null}
          <SignOutButton size="sm" variant="outline" hideBelow="md">
            <LuLogOut /> Sign out
          </SignOutButton>
          <MenuDrawer
            open={menuOpen}
            onOpenChange={setMenuOpen}
            subtitle={name}
            trigger={
              <IconButton aria-label="Open menu" variant="ghost" size="sm" hideFrom="md">
                <LuMenu />
              </IconButton>
            }
            footer={
              <SignOutButton variant="outline" width="full">
                <LuLogOut /> Sign out
              </SignOutButton>
            }
          >
            <Stack as="nav" aria-label="Account (mobile)" gap="1">
              {items.map((item) => (
                <Button
                  key={item.to}
                  asChild
                  variant="ghost"
                  justifyContent="flex-start"
                  color="fg"
                  size="lg"
                  onClick={() => setMenuOpen(false)}
                >
                  <Link to={item.to}>{item.label}</Link>
                </Button>
              ))}
            </Stack>
          </MenuDrawer>
        </HStack>
      </TopBar>
      <Box as="main" id="main" flex="1">
        {children}
      </Box>
    </Flex>
  );
}
