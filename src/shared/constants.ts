// Product constants stated in docs/product/README.md, shared by the client and the server.

export const BROWSE_SPECIALTIES = [
  "Luxury Cars",
  "Trucks & SUVs",
  "Electric Vehicles",
  "Used Cars",
  "Sports Cars",
  "Family Vehicles",
  "First-Time Buyers",
  "Budget Vehicles",
] as const;

export const SELF_EDIT_SPECIALTIES = [
  "New Cars",
  "Used Cars",
  "Financing",
  "Leasing",
  "Trade-ins",
  "Commercial",
] as const;

/** Every specialty a salesperson may carry: the union of both lists of docs/product/salespeople.md#specialties. */
export const ALL_SPECIALTIES = [...new Set<string>([...BROWSE_SPECIALTIES, ...SELF_EDIT_SPECIALTIES])];

export const SALESPERSON_STATUSES = ["available", "busy", "unavailable", "offline"] as const;
export type SalespersonStatus = (typeof SALESPERSON_STATUSES)[number];
export const SELF_SERVICE_STATUSES = ["available", "busy", "unavailable"] as const;

export const PAYMENT_MODELS = ["dealership", "individual"] as const;
export type PaymentModel = (typeof PAYMENT_MODELS)[number];

export const USER_ROLES = ["customer", "salesperson", "manager", "admin"] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** The roles a dealership invites people to. */
/**
 * The roles of a dealership's own people (dealership_members): an owner (billing, the team, everything), a manager
 * (the team but its owners and managers, reviews, reports, CRM) and staff (the dealership's bookings).
 */
export const DEALERSHIP_ROLES = ["owner", "manager", "staff"] as const;
export type DealershipRole = (typeof DEALERSHIP_ROLES)[number];
/** The roles that lead a dealership: what happens to it is theirs to hear of and decide. */
export const LEAD_ROLES = ["owner", "manager"] as const satisfies readonly DealershipRole[];
/** The roles a member in `role` may give, change or take away: an owner every role, a manager staff only. */
export function rolesToGive(role: DealershipRole | null): readonly DealershipRole[] {
  if (role === "owner") return DEALERSHIP_ROLES;
  if (role === "manager") return ["staff"];
  return [];
}
export const DEALERSHIP_ROLE_LABELS: Record<DealershipRole, string> = {
  owner: "Owner",
  manager: "Manager",
  staff: "Staff",
};

/**
 * The roles of a dealer group's people (dealer_group_members): they reach every dealership of the group, as the
 * dealership role GROUP_ROLE_REACH names, and the group as a whole (its dealerships side by side, its plan, its
 * people). Group staff are the enterprise staff: the bookings of every dealership of the group.
 */
export const GROUP_ROLES = ["group_owner", "group_manager", "group_staff"] as const;
export type GroupRole = (typeof GROUP_ROLES)[number];
/** The group roles that lead the group: its report, its dealerships' alerts, its people (staff only, for managers). */
export const GROUP_LEAD_ROLES = ["group_owner", "group_manager"] as const satisfies readonly GroupRole[];
export function isGroupLead(role: GroupRole | null): boolean {
  return (GROUP_LEAD_ROLES as readonly (GroupRole | null)[]).includes(role);
}
/** What a group role is at each dealership of the group. */
export const GROUP_ROLE_REACH: Record<GroupRole, DealershipRole> = {
  group_owner: "owner",
  group_manager: "manager",
  group_staff: "staff",
};
export const GROUP_ROLE_LABELS: Record<GroupRole, string> = {
  group_owner: "Group owner",
  group_manager: "Group manager",
  group_staff: "Group staff",
};
/** The group roles a member in `role` may give, change or take away: a group owner every one, a group manager staff. */
export function groupRolesToGive(role: GroupRole | null): readonly GroupRole[] {
  if (role === "group_owner") return GROUP_ROLES;
  if (role === "group_manager") return ["group_staff"];
  return [];
}

export const INVITATION_ROLES = ["salesperson", "manager"] as const;
export type InvitationRole = (typeof INVITATION_ROLES)[number];

/**
 * A dealership application's states: filed but its e-mail not yet confirmed, waiting for an administrator, and
 * the two decisions (docs/product/onboarding.md).
 */
export const APPLICATION_STATUSES = ["unconfirmed", "pending", "approved", "declined"] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** How profiles and browse cards name a salesperson with no dealership: nobody vouches but their own e-mail. */
export const INDEPENDENT_LABEL = "Independent — identity verified by e-mail";

/** Where a support case stands (docs/product/support.md). */
export const SUPPORT_STATUSES = ["new", "in_progress", "answered", "closed"] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

/** How exact a dealership's map position is: a ZIP code's centre, or its street address. */
export const LOCATION_PRECISIONS = ["zip", "address"] as const;
export type LocationPrecision = (typeof LOCATION_PRECISIONS)[number];

export const APPOINTMENT_STATUSES = ["scheduled", "completed", "cancelled", "no-show"] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** Who changed a visit's status: one of its parties, their manager, an administrator, or the platform itself. */
export const VISIT_ACTORS = ["customer", "salesperson", "manager", "admin", "system"] as const;
export type VisitActor = (typeof VISIT_ACTORS)[number];

/** A buyer's "I was there" on a visit marked no-show (docs/product/reviews.md). */
export const VISIT_DISPUTE_STATUSES = ["open", "escalated", "upheld", "rejected"] as const;
export type VisitDisputeStatus = (typeof VISIT_DISPUTE_STATUSES)[number];

/**
 * Why a dispute is with administrators: the salesperson is independent; the dealership has no manager but the one
 * who marked the no-show or is the visit's salesperson; the manager left it open too long; or the buyer asked
 * KnowBefore to review the manager's rejection.
 */
export const VISIT_DISPUTE_ESCALATIONS = ["independent", "no_other_manager", "overdue", "appeal"] as const;
export type VisitDisputeEscalation = (typeof VISIT_DISPUTE_ESCALATIONS)[number];

/** A buyer's "I bought a car from this salesperson", or a sale the dealership's CRM reported. */
export const PURCHASE_CLAIM_STATUSES = ["pending", "confirmed", "declined"] as const;
export type PurchaseClaimStatus = (typeof PURCHASE_CLAIM_STATUSES)[number];
export const PURCHASE_CLAIM_SOURCES = ["buyer", "crm"] as const;

/** Whether a review is shown: held ones wait for an administrator, who publishes or rejects them. */
export const REVIEW_MODERATION_STATUSES = ["published", "held", "rejected"] as const;
export type ReviewModerationStatus = (typeof REVIEW_MODERATION_STATUSES)[number];

export const APPOINTMENT_TYPES = [
  "Car Viewing",
  "Test Drive",
  "Financing Discussion",
  "Trade-in Evaluation",
  "General Consultation",
  "Follow-up Meeting",
] as const;

export const BLOCK_TYPES = ["personal", "training", "meeting", "vacation", "sick", "other"] as const;

/** Rating filter values: '5' means a 5.0 average (to one decimal), '4' and '3' mean at least that. */
/** The orders browse offers: top rated (the default), least pushy, nearest (near a place), soonest available. */
export const BROWSE_SORTS = ["rating", "pressure", "distance", "soonest"] as const;

export const RATING_FILTERS = [
  { value: "5", label: "5 stars", min: 4.95 },
  { value: "4", label: "4+ stars", min: 4 },
  { value: "3", label: "3+ stars", min: 3 },
] as const;

/** Experience filter values are minimum years. */
export const EXPERIENCE_FILTERS = [
  { value: "1", label: "1+ years" },
  { value: "3", label: "3+ years" },
  { value: "5", label: "5+ years" },
  { value: "10", label: "10+ years" },
  { value: "20", label: "20+ years" },
] as const;

export const YEARS_OF_EXPERIENCE = { min: 0, max: 50 } as const;
export const RATING_SCALE = { min: 1, max: 5 } as const;

export const BROWSE_PAGE_SIZE = { default: 24, max: 100 } as const;
/**
 * Browse counts matches exactly up to this many; past it the total is reported as this figure and marked
 * inexact ("1,000+"), so a broad filter never pays for counting every row (decision 003).
 */
export const BROWSE_TOTAL_LIMIT = 1000;
/** The most visits a dealership's Bookings list holds (the last 30 days and ahead): the ones nearest to now. */
export const DEALERSHIP_BOOKINGS_SHOWN = 500;

export const LOGIN_LINK_TTL_MINUTES = 15;
export const SESSION_INACTIVITY_DAYS = 30;
export const SESSION_ABSOLUTE_DAYS = 90;
/** Administrators' sessions (cookie and console token) are short: ended after this long unused... */
export const ADMIN_SESSION_INACTIVITY_MINUTES = 30;
/** ...and this long after sign-in, however busy. */
export const ADMIN_SESSION_ABSOLUTE_HOURS = 12;
/** Setting up or removing MFA, creating API keys: allowed only this soon after signing in. */
export const RECENT_SIGN_IN_MINUTES = 5;
export const IMAGE_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

/** Rating bands of docs/product/reviews.md#rating-bands. */
export type RatingBand = "top" | "average" | "needs-improvement";
export function ratingBand(average: number): RatingBand {
  if (average >= 4.5) return "top";
  if (average >= 3.5) return "average";
  return "needs-improvement";
}

export function formatRating(average: number | null | undefined): string {
  return average == null || Number.isNaN(average) ? "0.0" : average.toFixed(1);
}

export const FALLBACK_PROFILE_IMAGE = "/images/salesperson-placeholder.svg";
export const FALLBACK_BIO = "No bio available.";

export const MARKETING_CLAIMS = {
  verifiedSalespeople: "1,200+",
  averageRating: "4.8",
  dealershipPartners: "50+",
} as const;

/** PostgreSQL `integer` ids: 1 to 2^31 - 1 (the id schemas, and the URL parsers that must not pull in zod). */
export const ID_MAX = 2_147_483_647;

/**
 * A transfer request's life: awaiting the receiving manager (skipped when going independent), then an
 * administrator; it ends approved, declined (by the manager), denied (by the administrator) or withdrawn.
 */
export const TRANSFER_STATUSES = [
  "awaiting_manager",
  "awaiting_admin",
  "approved",
  "declined",
  "denied",
  "withdrawn",
] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];
