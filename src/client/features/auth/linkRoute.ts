// The `?token=` side of the sign-in routes' guards: a signed-in visitor who opens a link is shown the link.
import type { ParsedLocation } from "@tanstack/react-router";

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
