import {
  Box,
  Button,
  CloseButton,
  Container,
  Drawer,
  HStack,
  IconButton,
  Portal,
  Stack,
} from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { LuLayoutDashboard, LuMenu } from "react-icons/lu";
import { dashboardPathFor, useSession } from "../../features/auth/session";
import { Logo } from "./Logo";
import { MARKETING_NAV } from "./navigation";

/** Header of the public pages: marketing navigation, then sign-in or dashboard actions. */
export function SiteHeader() {
  const { user } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);

  return (
    <Box
      as="header"
      position="sticky"
      top="0"
      zIndex="sticky"
      bg="white/90"
      backdropFilter="saturate(180%) blur(10px)"
      borderBottomWidth="1px"
      borderColor="border.muted"
    >
      <Container
        maxW="7xl"
        h="16"
        px={{ base: "4", md: "6" }}
        display="flex"
        alignItems="center"
        justifyContent="space-between"
        gap="3"
      >
        <Logo />
        <HStack as="nav" aria-label="Main" gap="1" hideBelow="lg">
          {MARKETING_NAV.map((item) => (
            <Button key={item.to} asChild variant="ghost" size="sm" color="fg.muted" fontWeight="medium">
              <Link to={item.to} activeProps={{ "aria-current": "page", style: { color: "#1d4ed8" } }}>
                {item.label}
              </Link>
            </Button>
          ))}
        </HStack>
        <HStack gap={{ base: "1", sm: "2" }}>
          {user ? (
            <>
              <Button asChild size="sm" variant="ghost" hideBelow="md">
                <a href="/api/logout">Sign out</a>
              </Button>
              <Button asChild size="sm" colorPalette="blue" hideBelow="sm">
                <Link to={dashboardPathFor(user)}>
                  <LuLayoutDashboard /> Go to dashboard
                </Link>
              </Button>
            </>
          ) : (
            <>
              <Button asChild size="sm" variant="ghost" hideBelow="sm">
                <Link to="/login">Sign In</Link>
              </Button>
              <Button asChild size={{ base: "xs", sm: "sm" }} colorPalette="blue">
                <Link to="/login">Get Started</Link>
              </Button>
            </>
          )}
          <Drawer.Root open={menuOpen} onOpenChange={(e) => setMenuOpen(e.open)} placement="end" size="xs">
            <Drawer.Trigger asChild>
              <IconButton aria-label="Open menu" variant="ghost" size="sm" hideFrom="lg">
                <LuMenu />
              </IconButton>
            </Drawer.Trigger>
            <Portal>
              <Drawer.Backdrop />
              <Drawer.Positioner>
                <Drawer.Content>
                  <Drawer.Header>
                    <Drawer.Title>Menu</Drawer.Title>
                  </Drawer.Header>
                  <Drawer.Body>
                    <Stack as="nav" aria-label="Mobile" gap="1">
                      {MARKETING_NAV.map((item) => (
                        <Button
                          key={item.to}
                          asChild
                          variant="ghost"
                          justifyContent="flex-start"
                          onClick={closeMenu}
                        >
                          <Link to={item.to}>{item.label}</Link>
                        </Button>
                      ))}
                    </Stack>
                  </Drawer.Body>
                  <Drawer.Footer flexDirection="column" alignItems="stretch" gap="2">
                    {user ? (
                      <>
                        <Button asChild colorPalette="blue" onClick={closeMenu}>
                          <Link to={dashboardPathFor(user)}>Go to dashboard</Link>
                        </Button>
                        <Button asChild variant="outline">
                          <a href="/api/logout">Sign out</a>
                        </Button>
                      </>
                    ) : (
                      <>
                        <Button asChild colorPalette="blue" onClick={closeMenu}>
                          <Link to="/login">Get Started</Link>
                        </Button>
                        <Button asChild variant="outline" onClick={closeMenu}>
                          <Link to="/login">Sign In</Link>
                        </Button>
                      </>
                    )}
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
  );
}
