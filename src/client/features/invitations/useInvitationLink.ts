// An invitation's link (`?token=`): the token leaves the address bar at once and is kept in memory, the page
// shows what the invitation is, and only the visitor's click accepts or declines it (as with sign-in links).
// An existing account accepts signed in: the page sends the visitor to sign in and comes back to the same
// invitation afterwards (ui/signInReturn.ts keeps the token in this tab meanwhile).
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate, useRouter } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import type { SessionUser } from "../../../shared/schemas/auth";
import type { InvitationDescription } from "../../../shared/schemas/invitations";
import { apiErrorMessage, trpc } from "../../trpc";
import { safeRedirectPath } from "../../ui/session";
import { forgetReturn, heldToken, returnAfterSignIn } from "../../ui/signInReturn";

const PAGE = "/invitations/accept";

import { mfaCodeError, useLinkToken } from "../auth";

export type InvitationStep =
  | { status: "idle" | "checking" | "declined" }
  | { status: "failed"; message: string }
  | { status: "ready" | "answering"; invitation: InvitationDescription; error: string | null }
  | {
      status: "mfa";
      invitation: InvitationDescription;
      challenge: string;
      pending: boolean;
      error: string | null;
    };

export function useInvitationLink() {
  const { token: inAddress, stripToken } = useLinkToken();
  // Back from signing in for it: the token this page kept.
  const [keptToken] = useState(() => (inAddress ? undefined : (heldToken(PAGE) ?? undefined)));
  const token = inAddress ?? keptToken;
  const router = useRouter();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const describe = trpc.invitations.describe.useMutation();
  const accept = trpc.invitations.accept.useMutation();
  const decline = trpc.invitations.decline.useMutation();
  const logout = trpc.auth.logout.useMutation();
  const verifyMfa = trpc.auth.verifyMfa.useMutation();
  const taken = useRef<string | null>(null);
  const held = useRef<string | null>(null);
  const [step, setStep] = useState<InvitationStep>({ status: token ? "checking" : "idle" });

  const load = (linkToken: string) => {
    setStep({ status: "checking" });
    describe.mutateAsync({ token: linkToken }).then(
      (invitation) => setStep({ status: "ready", invitation, error: null }),
      (error: unknown) =>
        setStep({ status: "failed", message: apiErrorMessage(error, "This invitation link is not valid.") }),
    );
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per token by design.
  useEffect(() => {
    if (!token || taken.current === token) return;
    taken.current = token;
    held.current = token;
    if (inAddress) stripToken();
    forgetReturn();
    load(token);
  }, [token]);

  const signedIn = ({ user, redirectTo }: { user: SessionUser; redirectTo: string }) => {
    queryClient.removeQueries();
    utils.auth.me.setData(undefined, user);
    router.history.replace(safeRedirectPath(redirectTo));
  };

  const refused = (invitation: InvitationDescription, error: unknown) =>
    setStep({ status: "ready", invitation, error: apiErrorMessage(error, "Please try again.") });

  const answer = (verb: "accept" | "decline", name?: string) => {
    const linkToken = held.current;
    if (!linkToken || step.status !== "ready") return;
    const { invitation } = step;
    setStep({ status: "answering", invitation, error: null });
    if (verb === "decline") {
      decline.mutateAsync({ token: linkToken }).then(
        () => setStep({ status: "declined" }),
        (error) => refused(invitation, error),
      );
      return;
    }
    accept.mutateAsync({ token: linkToken, ...(name ? { name } : {}) }).then(
      async (accepted) => {
        const session = accepted.session;
        if (session && "mfaRequired" in session) {
          setStep({ status: "mfa", invitation, challenge: session.challenge, pending: false, error: null });
          return;
        }
        if (session) return signedIn({ user: session.user, redirectTo: accepted.redirectTo });
        // Already signed in as the invitee: the account's role may have changed, so read it again.
        queryClient.removeQueries();
        await utils.auth.me.invalidate();
        router.history.replace(safeRedirectPath(accepted.redirectTo));
      },
      (error) => refused(invitation, error),
    );
  };

  const verifyCode = (code: string) => {
    if (step.status !== "mfa" || step.pending) return;
    const current = step;
    setStep({ ...current, pending: true, error: null });
    verifyMfa
      .mutateAsync({ challenge: current.challenge, code })
      .then(signedIn, (error: unknown) =>
        setStep({ ...current, pending: false, error: mfaCodeError(error) }),
      );
  };

  /** Signed in as someone else: sign out, then show the same invitation to the signed-out browser. */
  const signOutAndRetry = () => {
    const linkToken = held.current;
    logout.mutateAsync().then(async () => {
      queryClient.removeQueries();
      await utils.auth.me.invalidate();
      if (linkToken) load(linkToken);
    });
  };

  /** An existing account signed out: sign in as it, then come back to this invitation. */
  const signInToAccept = () => {
    const linkToken = held.current;
    if (linkToken) returnAfterSignIn(PAGE, linkToken);
    void navigate({ to: "/login" });
  };

  return {
    step,
    signInToAccept,
    accept: (name?: string) => answer("accept", name),
    decline: () => answer("decline"),
    verifyCode,
    signOutAndRetry,
    signingOut: logout.isPending,
  };
}
