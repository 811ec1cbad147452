// Redeems an e-mailed sign-in link (`?token=`): the token is removed from the address bar at once,
// exchanged for a session, and the user is sent where the server says. Tokens are single use, so the
// exchange runs once per token even under React's StrictMode double effects.
import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { trpc } from "../../trpc";
import { safeRedirectPath } from "./session";

export const INVALID_LINK_MESSAGE = "Invalid or expired login link. Please request a new one.";

export type LinkRedemptionState = "idle" | "redeeming" | "failed";

export function useLoginLinkRedemption(
  token: string | undefined,
  stripToken: () => void,
): LinkRedemptionState {
  const router = useRouter();
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const redeemLink = trpc.auth.redeemLink.useMutation();
  const attempted = useRef<string | null>(null);
  const [state, setState] = useState<LinkRedemptionState>(token ? "redeeming" : "idle");

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per token by design.
  useEffect(() => {
    if (!token || attempted.current === token) return;
    attempted.current = token;
    setState("redeeming");
    stripToken();
    redeemLink
      .mutateAsync({ token })
      .then(({ user, redirectTo }) => {
        // A new session: forget anything cached for the previous visitor, then seed who we are now.
        queryClient.removeQueries();
        utils.auth.me.setData(undefined, user);
        router.history.replace(safeRedirectPath(redirectTo));
      })
      .catch(() => setState("failed"));
  }, [token]);

  return state;
}
