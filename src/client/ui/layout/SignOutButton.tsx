// Sign out: a POST (never a link, which another page could open to sign anyone out), then a fresh start at
// home. Sent by fetch, which carries the page's Origin: a form's own POST carries `Origin: null` under the
// site's no-referrer policy, which the server's origin check refuses. The header is on every page, the
// landing page's first load included, so this stays a plain request (no query client).
import { Button, type ButtonProps } from "@chakra-ui/react";
import { useState } from "react";
import { showToast } from "../toaster";

export function SignOutButton({ children, ...props }: ButtonProps) {
  const [pending, setPending] = useState(false);
  const signOut = async () => {
    setPending(true);
    const response = await fetch("/api/logout", { method: "POST", credentials: "same-origin" }).catch(
      () => null,
    );
    if (response?.ok) {
      window.location.assign("/");
      return;
    }
    setPending(false);
    showToast({
      title: "Error",
      description: "Signing out failed. Please try again.",
      variant: "destructive",
    });
  };
  return (
    <Button type="button" loading={pending} onClick={() => void signOut()} {...props}>
      {children}
    </Button>
  );
}
