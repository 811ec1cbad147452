// The app's pages as links built outside the page itself (notices the server stores, links between features),
// declared once so a stored link and the route that reads it cannot drift apart. The paths are the routes under
// src/client/routes; the tabs are the values the dashboards' validateSearch accepts.

/** A link into the app, made only by the builders below. */
export type AppLink = string & { readonly __appLink: true };

export const CUSTOMER_TABS = ["browse", "ratings", "favorites", "messages", "nearby", "profile"] as const;
export type CustomerTab = (typeof CUSTOMER_TABS)[number];

export const SALESPERSON_TABS = [
  "overview",
  "appointments",
  "messages",
  "feedback",
  "profile",
  "availability",
  "subscription",
] as const;
export type SalespersonTab = (typeof SALESPERSON_TABS)[number];

export const MANAGER_TABS = [
  "overview",
  "team",
  "performance",
  "feedback",
  "location",
  "reports",
  "incidents",
  "disputes",
] as const;
export type ManagerTab = (typeof MANAGER_TABS)[number];

function withSearch(path: string, search: Record<string, string | number | undefined>): AppLink {
  const params = Object.entries(search).filter(
    (entry): entry is [string, string | number] => entry[1] !== undefined,
  );
  const query = params.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join("&");
  return (query ? `${path}?${query}` : path) as AppLink;
}

export const links = {
  /** A salesperson's public profile, optionally at one of its sections. */
  /** A salesperson's profile; `write-review` opens the review form for a buyer with a visit to review. */
  salesperson: (id: number, section?: "reviews" | "write-review"): AppLink =>
    `/salesperson/${id}${section ? `#${section}` : ""}` as AppLink,
  /** A dealership's public page, by its page address (dealerships.slug, which a rename never changes). */
  dealership: (slug: string): AppLink => `/dealerships/${encodeURIComponent(slug)}` as AppLink,
  /** The customer's dashboard (the home page when signed in), at a tab and an open conversation. */
  customerDashboard: (search: { tab?: CustomerTab; conversation?: number } = {}) => withSearch("/", search),
  salespersonDashboard: (
    search: { tab?: SalespersonTab; conversation?: number; appointment?: number } = {},
  ) => withSearch("/salesperson-dashboard", search),
  managerDashboard: (search: { tab?: ManagerTab } = {}) => withSearch("/manager-dashboard", search),
  /** The bookings of the dealership the account works for, in any role (staff's page). */
  bookings: () => "/bookings" as AppLink,
  /** The dealer group's page: its dealerships side by side and its people. */
  group: () => "/group" as AppLink,
  /** The customer's own appointments. */
  appointments: () => "/appointments" as AppLink,
  /** The page that describes an invitation and accepts or declines it (the token is the e-mailed secret). */
  invitation: (token: string) => withSearch("/invitations/accept", { token }),
  /** The public form that lists a dealership, and the page its e-mailed confirmation link opens. */
  listYourDealership: () => "/list-your-dealership" as AppLink,
  confirmApplication: (token: string) => withSearch("/list-your-dealership/confirm", { token }),
  /** The admin console at a tab (the tabs are src/client/features/admin/adminSearch.ts's). */
  adminDashboard: (search: { tab?: string } = {}) => withSearch("/admin/dashboard", search),
  /** The one-click page that stops e-mailed invitations to review (the token names the account). */
  stopReviewInvitations: (token: string) => withSearch("/review-invitations/stop", { token }),
  /** Each account's choice of which notices reach it, in the bell and by e-mail. */
  notificationSettings: () => "/settings/notifications" as AppLink,
  /** The page that confirms an e-mail's unsubscribe link with a button (the token names account and kind). */
  unsubscribe: (token: string) => withSearch("/unsubscribe", { token }),
  /** The contact form, answering a support case when one is named ("Re: case #N"). */
  contact: (search: { case?: number } = {}) => withSearch("/contact", search),
} as const;

/**
 * Only same-site paths are followed after sign-in, never a full URL handed to us. The path is resolved the way a
 * browser would resolve it against the app's origin (`appOrigin`: APP_URL on the server, the page's origin in the
 * browser), so tabs and newlines the URL parser drops, backslashes it reads as slashes and the like cannot turn
 * "/…" into another site ("/\t/evil.example" is "//evil.example"). Anything that does not stay on the app's origin
 * is "/"; what stays is answered as the normalised path, query and fragment.
 */
export function safeRedirectPath(path: string | null | undefined, appOrigin: string): string {
  try {
    const origin = new URL(appOrigin).origin;
    const { pathname, search, hash, origin: landed } = new URL(path ?? "", origin);
    const local = pathname + search + hash;
    // A path the parser kept as "//…" (or "/\\…") would be read as another host when followed as a Location.
    if (path?.startsWith("/") && landed === origin && !/^\/[/\\]/.test(local)) return local;
  } catch {
    // Not a URL at all (or no app origin): nowhere but home.
  }
  return "/";
}
