// What the sign-in routes share: `?token=` in the address, and a guard that sends a signed-in visitor on to
// their dashboard, unless the page is about a link (then the visitor is shown the link).
import { type ParsedLocation, redirect, useNavigate, useSearch } from "@tanstack/react-router";
import { signInSearch } from "../../ui/searchParams";
import { dashboardPathFor, type SessionUser } from "../../ui/session";

declare module "@tanstack/react-router" {
  interface HistoryState {
    /** Set on the sign-in page a link was opened on, once its token has left the URL. */
    signInLink?: true;
  }
}

/**
 * The history state of a sign-in page whose token has just been taken from the URL. The guards read it, so
 * a signed-in visitor who opens a link sees it instead of being sent on to their dashboard (which would drop
 * the link without a word).
 */
export const LINK_TAKEN_STATE = { signInLink: true } as const;

/** Whether this sign-in page is about a link (in the URL, or already taken from it). */
export function isLinkPage(search: { token?: string | undefined }, location: ParsedLocation): boolean {
  return Boolean(search.token) || location.state.signInLink === true;
}

type SignInGuardArgs = {
  context: { me: SessionUser | null };
  search: { token?: string | undefined };
  location: ParsedLocation;
};

/**
 * The route options of a sign-in page. `staffOnly`: the page signs staff in, so a signed-in customer may
 * still use it (to sign in as a salesperson); everyone else who is signed in goes on to their dashboard.
 */
export function signInRoute({ staffOnly }: { staffOnly: boolean }) {
  return {
    validateSearch: signInSearch,
    beforeLoad: ({ context, search, location }: SignInGuardArgs) => {
      const me = context.me;
      if (!me || (staffOnly && me.role === "customer") || isLinkPage(search, location)) return;
      throw redirect({ to: dashboardPathFor(me) });
    },
  };
}

/** The `?token=` of the sign-in page on screen, and how to take it out of the address bar. */
export function useLinkToken(): { token: string | undefined; stripToken: () => void } {
  const { token } = useSearch({ strict: false });
  const navigate = useNavigate();
  return {
    token,
    stripToken: () => void navigate({ to: ".", search: {}, replace: true, state: LINK_TAKEN_STATE }),
  };
}
