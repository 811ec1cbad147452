import { Box, Button, HStack, IconButton } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { lazy, Suspense, useRef, useState } from "react";
import { ColorModeToggle } from "../color-mode";
import { LuLayoutDashboard, LuMenu } from "../icons";
import { dashboardPathFor, useSession } from "../session";
import { Logo } from "./Logo";
import { MARKETING_NAV } from "./navigation";
import { SignOutButton } from "./SignOutButton";
import { TopBar } from "./TopBar";

const loadMobileMenu = () => import("./MobileMenu");
const MobileMenu = lazy(loadMobileMenu);

/** Header of the public pages: marketing navigation, theme switch, then sign-in or dashboard actions. */
export function SiteHeader() {
  const { user } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);

  const openMenu = () => {
    setMenuLoaded(true);
    setMenuOpen(true);
  };

  return (
    <TopBar
      bar={{ bg: "bg/90", backdropFilter: "saturate(180%) blur(10px)" }}
      container={{ px: { base: "4", md: "6" }, gap: "3" }}
    >
      <Logo />
      <HStack as="nav" aria-label="Main" gap="1" hideBelow="lg">
        {MARKETING_NAV.map((item) => (
          <Button
            key={item.to}
            asChild
            variant="ghost"
            size="sm"
            color="fg.muted"
            fontWeight="medium"
            _currentPage={{ color: "brand.fg", bg: "brand.subtle" }}
          >
            <Link to={item.to}>{item.label}</Link>
          </Button>
        ))}
      </HStack>
      <HStack gap={{ base: "1", sm: "2" }}>
        <Box hideBelow="sm">
          <ColorModeToggle />
        </Box>
        {user ? (
          <>
            <SignOutButton size="sm" variant="ghost" hideBelow="md">
              Sign out
            </SignOutButton>
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
        <IconButton
          ref={menuButton}
          aria-label="Open menu"
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          variant="ghost"
          size="sm"
          hideFrom="lg"
          onPointerEnter={() => void loadMobileMenu()}
          onFocus={() => void loadMobileMenu()}
          onClick={openMenu}
        >
          <LuMenu />
        </IconButton>
        {menuLoaded ? (
          <Suspense fallback={null}>
            <MobileMenu
              open={menuOpen}
              onClose={() => setMenuOpen(false)}
              user={user}
              returnFocusTo={() => menuButton.current}
            />
          </Suspense>
        ) : null}
      </HStack>
    </TopBar>
  );
}
