// Sign out: a POST (never a link, which another page could open to sign anyone out), then a fresh start at
// home. Sent by script: a form's own POST carries `Origin: null` under the site's no-referrer policy, which
// the server's origin check refuses.
import { Button, type ButtonProps } from "@chakra-ui/react";
import { trpc } from "../../trpc";
import { showToast } from "../toaster";

export function SignOutButton({ children, ...props }: ButtonProps) {
  const logout = trpc.auth.logout.useMutation({
    onSuccess: () => window.location.assign("/"),
    onError: () =>
      showToast({
        title: "Error",
        description: "Signing out failed. Please try again.",
        variant: "destructive",
      }),
  });
  return (
    <Button type="button" loading={logout.isPending} onClick={() => logout.mutate()} {...props}>
      {children}
    </Button>
  );
}
