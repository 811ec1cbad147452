import {
  Avatar,
  Box,
  Button,
  CloseButton,
  Container,
  Drawer,
  Flex,
  HStack,
  IconButton,
  Portal,
  Stack,
  Text,
} from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { displayName, type SessionUser, useSession } from "../../features/auth/session";
import { LuLogOut, LuMenu } from "../icons";
import { Logo } from "./Logo";

// The bell (popover, polling) loads after the page: public profiles and other shells stay light.
const NotificationBell = lazy(() =>
  import("../../features/notifications/NotificationBell").then((m) => ({ default: m.NotificationBell })),
);

type AppNavItem = {
  to:
    | "/"
    | "/appointments"
    | "/profile"
    | "/salesperson/profile"
    | "/dealer-subscription"
    | "/manager-dashboard"
    | "/salesperson-dashboard";
  label: string;
};

function navFor(user: SessionUser | null): AppNavItem[] {
  if (user && user.role !== "customer") {
    const items: AppNavItem[] = [
      { to: "/salesperson-dashboard", label: "Dashboard" },
      // A salesperson edits their public profile; a manager without one edits their account.
      { to: user.salespersonId !== null ? "/salesperson/profile" : "/profile", label: "Profile" },
      { to: "/dealer-subscription", label: "Plans" },
    ];
    if (user.role === "manager") items.splice(1, 0, { to: "/manager-dashboard", label: "Manager dashboard" });
    return items;
  }
  return [
    { to: "/", label: "Browse" },
    { to: "/appointments", label: "Appointments" },
    { to: "/profile", label: "Profile" },
    { to: "/dealer-subscription", label: "Plans" },
  ];
}

/** Frame of the signed-in areas: a compact top bar with the account's links and sign-out. */
export function AppShell({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const items = navFor(user);
  const name = user ? displayName(user) : "";

  return (
    <Flex direction="column" minH="100dvh" bg="gray.50">
      <Box
        as="header"
        bg="white"
        borderBottomWidth="1px"
        borderColor="border.muted"
        position="sticky"
        top="0"
        zIndex="sticky"
      >
        <Container
          maxW="7xl"
          h="16"
          display="flex"
          alignItems="center"
          justifyContent="space-between"
          gap="4"
        >
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
            {user && user.role !== "admin" ? (
              <Suspense fallback={<Box boxSize="8" />}>
                <NotificationBell />
              </Suspense>
            ) : null}
            {user ? (
              <HStack gap="2" hideBelow="lg">
                <Avatar.Root size="xs" colorPalette="blue">
                  <Avatar.Fallback name={name} />
                  {user.profileImageUrl ? <Avatar.Image src={user.profileImageUrl} alt="" /> : null}
                </Avatar.Root>
                <Text fontSize="sm" fontWeight="medium" maxW="40" truncate>
                  {name}
                </Text>
              </HStack>
            ) : null}
            <Button asChild size="sm" variant="outline" hideBelow="md">
              <a href="/api/logout">
                <LuLogOut /> Sign out
              </a>
            </Button>
            <Drawer.Root open={menuOpen} onOpenChange={(e) => setMenuOpen(e.open)} placement="end" size="xs">
              <Drawer.Trigger asChild>
                <IconButton aria-label="Open menu" variant="ghost" size="sm" hideFrom="md">
                  <LuMenu />
                </IconButton>
              </Drawer.Trigger>
              <Portal>
                <Drawer.Backdrop />
                <Drawer.Positioner>
                  <Drawer.Content>
                    <Drawer.Header>
                      <Stack gap="0" pe="8" minW="0">
                        <Drawer.Title>Menu</Drawer.Title>
                        {name ? (
                          <Text fontSize="sm" color="fg.muted" truncate>
                            {name}
                          </Text>
                        ) : null}
                      </Stack>
                    </Drawer.Header>
                    <Drawer.Body>
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
                    </Drawer.Body>
                    <Drawer.Footer>
                      <Button asChild variant="outline" width="full">
                        <a href="/api/logout">
                          <LuLogOut /> Sign out
                        </a>
                      </Button>
                    </Drawer.Footer>
                    <Drawer.CloseTrigger asChild>
                      <CloseButton size="sm" aria-label="Close menu" />
                    </Drawer.CloseTrigger>
                  </Drawer.Content>
                </Drawer.Positioner>
              </Portal>
            </Drawer.Root>
          </HStack>
        </Container>
      </Box>
      <Box as="main" id="main" flex="1">
        {children}
      </Box>
    </Flex>
  );
}
