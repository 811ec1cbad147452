// Signing in with an OpenID Connect provider ("Continue with Google/Microsoft"), shared by the client and the
// server: the providers, how long a started sign-in waits for its answer, and what a failed one tells the
// visitor (docs/product/security.md#google-and-microsoft-accounts).

export const OIDC_PROVIDERS = ["google", "microsoft"] as const;
export type OidcProvider = (typeof OIDC_PROVIDERS)[number];

export const OIDC_PROVIDER_LABELS: Record<OidcProvider, string> = {
  google: "Google",
  microsoft: "Microsoft",
};

/** A sign-in started at the provider must come back within this. */
export const OIDC_FLOW_MINUTES = 10;

/** The sign-in pages a provider sign-in starts from, and where its failure is told. */
export const OIDC_SIGN_IN_PAGES = ["/login", "/salesperson-login"] as const;
export type OidcSignInPage = (typeof OIDC_SIGN_IN_PAGES)[number];

/**
 * Why a provider sign-in failed, as the sign-in page's `?signInError=` names it: the page shows the sentence,
 * never the provider's own error text.
 */
export const OIDC_SIGN_IN_ERRORS = {
  OIDC_STATE_INVALID: "This sign-in has expired or was already used. Please start again.",
  OIDC_REFUSED:
    "The provider did not confirm the sign-in. Please try again, or sign in with an e-mailed link.",
  OIDC_EMAIL_UNVERIFIED:
    "That account did not share a verified e-mail address, so we cannot tell which KnowBefore account it is. Sign in with an e-mailed link instead.",
  OIDC_ACCOUNT_CLOSED:
    "That account cannot sign in this way. Administrators sign in through the administrator console.",
  OIDC_NO_STAFF_ACCOUNT:
    "No salesperson or manager account uses that address. Register on this page, or sign in as a customer.",
  OIDC_PROVIDER_UNAVAILABLE:
    "The provider cannot be reached right now. Please try again later, or sign in with an e-mailed link.",
  ACCOUNT_SUSPENDED:
    "This account is suspended. Please contact KnowBefore support if you think this is a mistake.",
  RATE_LIMITED: "Too many sign-in attempts. Please wait a moment and try again.",
} as const;
export type OidcSignInError = keyof typeof OIDC_SIGN_IN_ERRORS;

export function isOidcSignInError(code: string | undefined): code is OidcSignInError {
  return code !== undefined && Object.hasOwn(OIDC_SIGN_IN_ERRORS, code);
}
