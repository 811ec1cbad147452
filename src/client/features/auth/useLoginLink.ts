// A sign-in link (`?token=`) on a sign-in page: described on arrival, used only by the visitor's click.
import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import type { LinkDescription } from "../../../shared/schemas/auth";
import { trpc } from "../../trpc";
import { safeRedirectPath } from "../../ui/session";
import { useLinkToken } from "./linkRoute";

export const INVALID_LINK_MESSAGE = "Invalid or expired login link. Please request a new one.";

export type LoginLinkStatus = "idle" | "checking" | "ready" | "redeeming" | "failed";

type LinkState =
  | { status: "idle" | "checking" | "failed"; description: null }
  | { status: "ready" | "redeeming"; description: LinkDescription };

export type LoginLink = LinkState & {
  /** Uses the link: signs in and goes where the server says. */
  redeem: () => void;
  /** Forgets the link ("Not you?"), back to the e-mail form. */
  dismiss: () => void;
};

/** True while the page is about the link rather than the e-mail form. */
export function showsLink(link: LoginLink): boolean {
  return link.status === "checking" || link.status === "ready" || link.status === "redeeming";
}

/**
 * The token leaves the address bar at once and is kept in memory; the page shows whom it signs in, and only
 * `redeem()` (the visitor's click) uses it, so a link opened from another site never signs the browser in by
 * itself (no login CSRF). Each token is described once, even under React's StrictMode double effects.
 */
export function useLoginLink(): LoginLink {
  const { token, stripToken } = useLinkToken();
  const router = useRouter();
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const describeLink = trpc.auth.describeLink.useMutation();
  const redeemLink = trpc.auth.redeemLink.useMutation();
  /** The last token taken from the address bar, so each one is described once. */
  const taken = useRef<string | null>(null);
  /** The token in hand until it is used or dropped; answers about any other token are ignored. */
  const held = useRef<string | null>(null);
  const [state, setState] = useState<LinkState>({
    status: token ? "checking" : "idle",
    description: null,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per token by design.
  useEffect(() => {
    if (!token || taken.current === token) return;
    taken.current = token;
    held.current = token;
    setState({ status: "checking", description: null });
    stripToken();
    describeLink.mutateAsync({ token }).then(
      (description) => {
        if (held.current === token) setState({ status: "ready", description });
      },
      () => {
        if (held.current !== token) return;
        held.current = null;
        setState({ status: "failed", description: null });
      },
    );
  }, [token]);

  const redeem = () => {
    const linkToken = held.current;
    if (!linkToken || state.status !== "ready") return;
    // A link works once: let go of it now, so a second click cannot send it again.
    held.current = null;
    setState({ status: "redeeming", description: state.description });
    redeemLink
      .mutateAsync({ token: linkToken })
      .then(({ user, redirectTo }) => {
        // A new session: forget anything cached for the previous visitor, then seed who we are now.
        queryClient.removeQueries();
        utils.auth.me.setData(undefined, user);
        router.history.replace(safeRedirectPath(redirectTo));
      })
      .catch(() => {
        // Unless another link has arrived in the meantime.
        if (held.current === null) setState({ status: "failed", description: null });
      });
  };

  const dismiss = () => {
    held.current = null;
    setState({ status: "idle", description: null });
  };

  return { ...state, redeem, dismiss };
}
