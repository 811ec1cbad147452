// The words of the OpenAPI document (rest/openapi.ts): what each error status means, and the tags that group
// the operations, each with the description readers see (who each tier lets in is trpc/init.ts's TIERS).
export const STATUS_TEXT: Record<number, string> = {
  400: "Bad input: the message says which field and why.",
  401: "Not signed in, or the session or API key is not valid.",
  403: "Signed in, but this account (or this API key's scopes) may not do this.",
  404: "No such object, or not one the caller may see.",
  413: "The body is too large.",
  421: "Outside production: the request named another host than the app's own (APP_URL).",
  429: "Too many requests: wait and retry (see Retry-After).",
  500: "Unexpected failure: the answer carries a requestId to quote.",
  409: "In conflict with the current state (the code says which), or its Idempotency-Key is still in use by the first request sent with it (see Retry-After).",
  422: "Well formed but refused: the code says why (IDEMPOTENCY_KEY_REUSED: the key was used for a different request).",
  503: "Unavailable for now, and nothing was done: the database was busy or away, or the request ran past its deadline (BUSY; see Retry-After), or a service it needs is away (MAIL_DELAYED: the mail server did not take its e-mail). Try again.",
};

/** The header that makes a retry of a change safe (http/idempotency.ts). */
export const IDEMPOTENCY_PARAMETER = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  description:
    "1 to 255 visible characters, new for each new request: the same request sent again with the same key answers what it answered first (with Idempotent-Replayed: true) and is not carried out twice. Answers are kept for a day.",
  schema: { type: "string", minLength: 1, maxLength: 255, pattern: "^[\\x21-\\x7e]+$" },
};

/**
 * Every tag, in the order the reference lists them, with what its operations are about. A router names its tag
 * (trpc/procedures.ts taggedRouter) and a path served outside the routers names its own (openapiInfrastructure.ts),
 * each by a `Tag` of this list: a name not here does not compile.
 */
export const TAGS = [
  {
    name: "Authentication",
    description:
      "Sign-in links, passkeys, Google and Microsoft accounts, two-factor codes, sessions and the account.",
  },
  {
    name: "Administration",
    description: "The administrators' console: accounts, dealerships and the audit trail.",
  },
  { name: "Salespeople", description: "Finding salespeople and reading their public profiles." },
  { name: "Reviews", description: "Buyers' reviews of completed visits, replies and moderation." },
  {
    name: "Salesperson portal",
    description: "A salesperson's own profile, photo, dashboard and invitations.",
  },
  { name: "Messages", description: "Conversations between buyers and salespeople." },
  {
    name: "Texting",
    description:
      "A buyer's mobile number for visit reminders and their salesperson's replies by text, confirmed by a code, and Twilio's signed webhooks.",
  },
  {
    name: "Notifications",
    description: "Which notices reach each account in the app and by e-mail, and one-click unsubscribe.",
  },
  {
    name: "Misconduct reports",
    description: "Anonymous misconduct reports, their tracking codes and case handling.",
  },
  {
    name: "Appointments",
    description:
      "Free slots, booking, cancelling and rescheduling visits, availability, and buyers' disputes of no-shows.",
  },
  {
    name: "Calendar",
    description:
      "A salesperson's private calendar feed of their visits, and a visit as a file to add to a calendar.",
  },
  {
    name: "Dealership managers",
    description: "A manager's dealership, team, invitations and monthly report.",
  },
  {
    name: "Invitations",
    description:
      "Invitations to join a dealership: sent by its managers or administrators, answered by the invitee.",
  },
  {
    name: "Certifications",
    description: "A salesperson's certifications and their verification by the dealership's manager.",
  },
  {
    name: "Dealer groups",
    description: "Groups of dealerships under one owner: their people, invitations, dealerships and billing.",
  },
  { name: "Subscriptions", description: "Plans, checkout and billing through Stripe." },
  { name: "CRM integrations", description: "Webhooks that send a dealership's events to its CRM." },
  { name: "Analytics", description: "Figures for dealerships and the platform, counted from real rows." },
  { name: "Transfers", description: "Salespeople moving between dealerships." },
  {
    name: "Dealership applications",
    description:
      "Listing a dealership: the public application, its e-mail confirmation and the administrators' decision.",
  },
  {
    name: "Site",
    description:
      "The public site: headline figures, testimonials, contact form, nearby dealerships and dealerships' pages.",
  },
  { name: "Documents", description: "Legal documents (terms, privacy) and their versions." },
  {
    name: "Compliance",
    description: "Data export and erasure requests, retention and the compliance report.",
  },
  { name: "Security", description: "Security events, sessions and sign-in protection." },
  { name: "API keys", description: "Keys for scripts, each limited to the scopes it names." },
  { name: "Operations", description: "Health checks, payment webhooks and this reference." },
] as const satisfies readonly { name: string; description: string }[];

export type Tag = (typeof TAGS)[number]["name"];

/** An operation's summary from its procedure path and tag: `reviews.openFlags` reads "Reviews: open flags". */
export function humanize(procedure: string, tag: Tag): string {
  const name = procedure.split(".")[1] ?? "";
  return `${tag}: ${name.replace(/([A-Z])/g, " $1").toLowerCase()}`;
}
