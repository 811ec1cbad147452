// A sign-in link (`?token=`) on a sign-in page: described on arrival, used only by the visitor's click.
import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import type { LinkDescription, SessionUser } from "../../../shared/schemas/auth";
import { trpc } from "../../trpc";
import { pathAfterSignIn } from "../../ui/signInReturn";
import { useLinkToken } from "./linkRoute";
import { mfaCodeError } from "./MfaCodeForm";

export const INVALID_LINK_MESSAGE = "Invalid or expired login link. Please request a new one.";

export type LoginLinkStatus = "idle" | "checking" | "ready" | "redeeming" | "mfa" | "failed";

/** The second step: the account has two-factor authentication, so the link answered a challenge. */
export type MfaStep = { challenge: string; pending: boolean; error: string | null };

type LinkState =
  | { status: "idle" | "checking" | "failed"; description: null; mfa?: undefined }
  | { status: "ready" | "redeeming"; description: LinkDescription; mfa?: undefined }
  | { status: "mfa"; description: LinkDescription; mfa: MfaStep };

export type LoginLink = LinkState & {
  /** Uses the link: signs in and goes where the server says (or asks for the second factor). */
  redeem: () => void;
  /** The second step: a code from the authenticator app or a backup code, then on as `redeem` would. */
  verifyCode: (code: string) => void;
  /** Forgets the link ("Not you?"), back to the e-mail form. */
  dismiss: () => void;
};

/** True while the page is about the link rather than the e-mail form. */
export function showsLink(link: LoginLink): boolean {
  return (
    link.status === "checking" ||
    link.status === "ready" ||
    link.status === "redeeming" ||
    link.status === "mfa"
  );
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
  const verifyMfa = trpc.auth.verifyMfa.useMutation();
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
    const description = state.description;
    redeemLink
      .mutateAsync({ token: linkToken })
      .then((answer) => {
        if ("mfaRequired" in answer) {
          setState({
            status: "mfa",
            description,
            mfa: { challenge: answer.challenge, pending: false, error: null },
          });
          return;
        }
        signedIn(answer);
      })
      .catch(() => {
        // Unless another link has arrived in the meantime.
        if (held.current === null) setState({ status: "failed", description: null });
      });
  };

  const signedIn = ({ user, redirectTo }: { user: SessionUser; redirectTo: string }) => {
    // A new session: forget anything cached for the previous visitor, then seed who we are now.
    queryClient.removeQueries();
    utils.auth.me.setData(undefined, user);
    router.history.replace(pathAfterSignIn(redirectTo));
  };

  const verifyCode = (code: string) => {
    if (state.status !== "mfa" || state.mfa.pending) return;
    const { description, mfa } = state;
    setState({ status: "mfa", description, mfa: { ...mfa, pending: true, error: null } });
    verifyMfa
      .mutateAsync({ challenge: mfa.challenge, code })
      .then(signedIn, (error: unknown) =>
        setState((now) =>
          now.status === "mfa" && now.mfa.challenge === mfa.challenge
            ? { ...now, mfa: { ...now.mfa, pending: false, error: mfaCodeError(error) } }
            : now,
        ),
      );
  };

  const dismiss = () => {
    held.current = null;
    setState({ status: "idle", description: null });
  };

  return { ...state, redeem, verifyCode, dismiss };
}
