// The kinds of event the platform tells people about, declared once for the senders (every in-app notice and
// every e-mail names its kind), the preferences page and the server that honours it
// (docs/product/notifications.md). A kind lists the in-app notice types it covers (none: no in-app channel) and
// whether it is e-mailed. An essential kind always reaches its recipient, on every channel it has: nobody can
// switch it off, and `always` says why on the page.

/** Who a kind can reach: buyers, salespeople, a dealership's leads (owners and managers), administrators. */
export type Audience = "customer" | "salesperson" | "lead" | "admin";

type KindDeclaration = {
  label: string;
  description: string;
  /** Who it can reach; everyone when absent. The settings page lists an account only what can reach it. */
  audience?: readonly Audience[];
  /** The bell's notice types of this kind (notifications.type); empty when the kind is never in-app. */
  inApp: readonly string[];
  email: boolean;
} & ({ essential: true; always: string } | { essential: false });

export const NOTIFICATION_KINDS = {
  sign_in: {
    label: "Sign-in links and address confirmations",
    description: "The links that sign you in or confirm an e-mail address.",
    inApp: [],
    email: true,
    essential: true,
    always: "Without them you could not sign in.",
  },
  account_changes: {
    label: "Security and account changes",
    description: "A new sign-in method, a changed address, a role or dealership handed to you.",
    inApp: ["dealership_handover"],
    email: true,
    essential: true,
    always: "They protect your account: you must hear of a change you did not make.",
  },
  booking: {
    label: "Bookings and their changes",
    description:
      "Confirmations, cancellations, new times and no-shows of your appointments, with calendar invites.",
    inApp: [
      "appointment_requested",
      "appointment_cancelled",
      "appointment_rescheduled",
      "appointment_no_show",
    ],
    email: true,
    essential: true,
    always: "An appointment is a promise between two people: each must know when it changes.",
  },
  invitations: {
    label: "Invitations",
    description: "Invitations to join a dealership's team, manage it or administer KnowBefore.",
    inApp: ["team_invitation"],
    email: true,
    essential: true,
    always: "An invitation is how you are asked; nobody joins a team without hearing of it.",
  },
  transfers: {
    label: "Transfers between dealerships",
    audience: ["salesperson", "lead", "admin"],
    description: "Requests to move a salesperson's profile to another dealership, and each decision on them.",
    inApp: [
      "transfer_request",
      "transfer_accepted",
      "transfer_declined",
      "transfer_approved",
      "transfer_denied",
    ],
    email: true,
    essential: true,
    always: "A transfer moves a profile and its reviews: everyone it concerns must know.",
  },
  replies_to_you: {
    label: "Answers to your requests",
    description: "Replies to your support messages and the decision on a dealership application.",
    inApp: [],
    email: true,
    essential: true,
    always: "You asked us: the answer always comes.",
  },
  messages: {
    label: "Messages",
    audience: ["customer", "salesperson"],
    description: "A new message in one of your conversations.",
    inApp: ["new_message"],
    email: true,
    essential: false,
  },
  reminders: {
    label: "Appointment reminders",
    audience: ["customer"],
    description: "A reminder the day before your appointment.",
    inApp: [],
    email: true,
    essential: false,
  },
  waitlist: {
    label: "Freed slots",
    audience: ["customer"],
    description: "A time you waited for with a salesperson became free.",
    inApp: [],
    email: true,
    essential: false,
  },
  review_invitations: {
    label: "Invitations to review",
    audience: ["customer"],
    description: "After a visit closes, one e-mail asking how it went.",
    inApp: [],
    email: true,
    essential: false,
  },
  reviews: {
    label: "Reviews and replies",
    audience: ["customer", "salesperson"],
    description: "A new review of you, or a salesperson's reply to yours.",
    inApp: ["new_review", "review_reply"],
    email: false,
    essential: false,
  },
  visit_disputes: {
    label: "No-show disputes",
    audience: ["customer", "salesperson", "lead", "admin"],
    description: "A buyer disputes a no-show, and each step until it is decided.",
    inApp: ["visit_dispute"],
    email: true,
    essential: false,
  },
  purchase_claims: {
    label: "Verified purchases",
    audience: ["customer", "lead", "admin"],
    description: "A purchase claim to confirm, and whether yours was confirmed or declined.",
    inApp: ["purchase_claim", "purchase_confirmed", "purchase_declined"],
    email: true,
    essential: false,
  },
  team_registrations: {
    label: "Registrations at your dealership",
    audience: ["lead"],
    description: "A salesperson registered at the dealership you manage and waits for your confirmation.",
    inApp: ["salesperson_registration"],
    email: true,
    essential: false,
  },
  certifications: {
    label: "Certifications",
    audience: ["salesperson"],
    description: "Your dealership verified or rejected a certification you added.",
    inApp: ["certification_verified", "certification_rejected"],
    email: false,
    essential: false,
  },
  team_reviews: {
    label: "Reviews of your team",
    audience: ["lead"],
    description:
      "A review of someone on the team you lead is published; one of 2 stars or fewer is also e-mailed at once.",
    inApp: ["team_review", "low_review"],
    email: true,
    essential: false,
  },
  misconduct_outcomes: {
    label: "Misconduct cases about your team",
    audience: ["lead"],
    description: "A misconduct case about someone on the team you lead is resolved or dismissed.",
    inApp: ["misconduct_outcome"],
    email: true,
    essential: false,
  },
  weekly_report: {
    label: "Weekly report",
    audience: ["lead"],
    description:
      "Every Monday, the week at the dealership you lead: visits, new reviews, rating trend and slowest replies.",
    inApp: [],
    email: true,
    essential: false,
  },
  misconduct_reports: {
    label: "Reports you made",
    description: "Progress on a misconduct report you filed.",
    inApp: ["report_update"],
    email: false,
    essential: false,
  },
} as const satisfies Record<string, KindDeclaration>;

export type NotificationKind = keyof typeof NOTIFICATION_KINDS;
type Declared<K extends NotificationKind> = (typeof NOTIFICATION_KINDS)[K];

/** A type of the bell's notices: each belongs to exactly one kind. */
export type NoticeType = { [K in NotificationKind]: Declared<K>["inApp"][number] }[NotificationKind];

/** The kinds that are e-mailed: what every e-mail names. */
export type MailKind = {
  [K in NotificationKind]: Declared<K>["email"] extends true ? K : never;
}[NotificationKind];

/** The e-mailed kinds nobody can switch off. */
export type EssentialMailKind = {
  [K in MailKind]: Declared<K>["essential"] extends true ? K : never;
}[MailKind];

export type NotificationChannel = "inApp" | "email";
export const NOTIFICATION_CHANNELS: readonly NotificationChannel[] = ["inApp", "email"];

/** Every kind, in the order the page lists them: the ones people choose first, then the essential ones. */
export const NOTIFICATION_KIND_KEYS = (Object.keys(NOTIFICATION_KINDS) as NotificationKind[]).sort(
  (a, b) => Number(NOTIFICATION_KINDS[a].essential) - Number(NOTIFICATION_KINDS[b].essential),
);

export function isNotificationKind(value: string): value is NotificationKind {
  return Object.hasOwn(NOTIFICATION_KINDS, value);
}

/** The kind a notice type belongs to. */
export const NOTICE_KIND = Object.fromEntries(
  NOTIFICATION_KIND_KEYS.flatMap((kind) => NOTIFICATION_KINDS[kind].inApp.map((type) => [type, kind])),
) as Record<NoticeType, NotificationKind>;

/** The notice types whose kind is also e-mailed: a notice that may come with an e-mail of the same kind. */
export type MailedNoticeType = { [K in MailKind]: Declared<K>["inApp"][number] }[MailKind];

/** The e-mailed kind of a notice type that has one. */
export function mailKindOf(type: MailedNoticeType): MailKind {
  return NOTICE_KIND[type] as MailKind;
}

/** Whether `kind` reaches people on `channel` at all. */
export function hasChannel(kind: NotificationKind, channel: NotificationChannel): boolean {
  const declared: KindDeclaration = NOTIFICATION_KINDS[kind];
  return channel === "email" ? declared.email : declared.inApp.length > 0;
}

/** Whether `kind` can reach an account that is each of `audiences` (a salesperson who leads a dealership is both). */
export function reaches(kind: NotificationKind, audiences: readonly Audience[]): boolean {
  const declared: KindDeclaration = NOTIFICATION_KINDS[kind];
  return !declared.audience || declared.audience.some((a) => audiences.includes(a));
}

export function isEssential(kind: NotificationKind): boolean {
  return NOTIFICATION_KINDS[kind].essential;
}

/** Why an essential kind is always on, as the page says it; null for a kind people choose. */
export function whyAlwaysOn(kind: NotificationKind): string | null {
  const declared: KindDeclaration = NOTIFICATION_KINDS[kind];
  return declared.essential ? declared.always : null;
}
