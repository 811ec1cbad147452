// The public site's menu on small screens. Loaded on first use, so the landing page doesn't ship the
// drawer's focus-trap and dialog machinery to people who never open it.
import { Button, Stack } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { useColorMode } from "../color-mode";
import { LuMoon, LuSun } from "../icons";
import { dashboardPathFor, type SessionUser } from "../session";
import { MenuDrawer } from "./MenuDrawer";
import { MARKETING_NAV } from "./navigation";
import { SignOutButton } from "./SignOutButton";

export default function MobileMenu({
  open,
  onClose,
  user,
  returnFocusTo,
}: {
  open: boolean;
  onClose: () => void;
  user: SessionUser | null;
  returnFocusTo: () => HTMLElement | null;
}) {
  const { colorMode, toggleColorMode } = useColorMode();
  return (
    <MenuDrawer
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      finalFocusEl={returnFocusTo}
      positioner={{ className: colorMode, colorPalette: "blue" }}
      footer={
        <>
          <Button variant="ghost" justifyContent="flex-start" onClick={toggleColorMode}>
            {colorMode === "dark" ? <LuSun /> : <LuMoon />}
            {colorMode === "dark" ? "Light theme" : "Dark theme"}
          </Button>
          {user ? (
            <>
              <Button asChild colorPalette="blue" onClick={onClose}>
                <Link to={dashboardPathFor(user)}>Go to dashboard</Link>
              </Button>
              <SignOutButton variant="outline">Sign out</SignOutButton>
            </>
          ) : (
            <>
              <Button asChild colorPalette="blue" onClick={onClose}>
                <Link to="/login">Get Started</Link>
              </Button>
              <Button asChild variant="outline" onClick={onClose}>
                <Link to="/login">Sign In</Link>
              </Button>
            </>
          )}
        </>
      }
    >
      <Stack as="nav" aria-label="Mobile" gap="1">
        {MARKETING_NAV.map((item) => (
          <Button key={item.to} asChild variant="ghost" justifyContent="flex-start" onClick={onClose}>
            <Link to={item.to}>{item.label}</Link>
          </Button>
        ))}
      </Stack>
    </MenuDrawer>
  );
}
