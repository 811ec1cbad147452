import { z } from "zod";
import { SUPPORT_STATUSES } from "../constants";
import { emailSchema } from "./auth";
import { ID_MAX, line, listPage, optionalFilter, pagingFields, text } from "./common";
import { dealershipSummary, locationPrecision } from "./salespeople";

// The support promises the contact page and the support inbox state, reached by the client through this module
// so that they travel in its chunk: a chunk of their own would add a file to the preload map the landing page
// loads, and that page is at its JavaScript budget.
export {
  APPLICATION_PROMISE,
  hoursText,
  OPEN_SUPPORT_STATUSES,
  REPLY_PROMISE,
  SUPPORT_REPLY_HOURS,
} from "../support";

/** Role choices of the site contact form (docs/product/messaging.md#site-contact-form): value and the label people see. */
export const CONTACT_ROLES = [
  { value: "customer", label: "Customer" },
  { value: "salesperson", label: "Sales Professional" },
  { value: "manager", label: "Dealership Manager" },
  { value: "owner", label: "Dealership Owner" },
  { value: "other", label: "Other" },
] as const;

/** Subject choices of the site contact form (docs/product/messaging.md#site-contact-form). */
export const CONTACT_SUBJECTS = [
  { value: "general", label: "General Inquiry" },
  { value: "support", label: "Technical Support" },
  { value: "sales", label: "Sales Question" },
  { value: "enterprise", label: "Enterprise Solutions" },
  { value: "partnership", label: "Partnership" },
  { value: "feedback", label: "Feedback" },
  { value: "other", label: "Other" },
] as const;

export type ContactRole = (typeof CONTACT_ROLES)[number]["value"];
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number]["value"];
export const CONTACT_ROLE_VALUES = CONTACT_ROLES.map((r) => r.value) as [ContactRole, ...ContactRole[]];
export const CONTACT_SUBJECT_VALUES = CONTACT_SUBJECTS.map((s) => s.value) as [
  ContactSubject,
  ...ContactSubject[],
];

export const CONTACT_MESSAGE_MAX = 5000;

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

/** The site contact form; the same schema validates the form in the browser and the call on the server. */
export const contactMessageInput = z.strictObject({
  name: line({ error: "Please enter your full name" })
    .min(1, "Please enter your full name")
    .max(120, "Name is too long"),
  email: emailSchema,
  company: z.preprocess(blankToUndefined, line().max(160, "Company is too long").optional()),
  role: z.preprocess(
    blankToUndefined,
    z.enum(CONTACT_ROLE_VALUES, { error: "Please choose a role from the list" }).optional(),
  ),
  subject: z.enum(CONTACT_SUBJECT_VALUES, { error: "Please choose a subject" }),
  message: text({ error: "Please enter a message" })
    .min(1, "Please enter a message")
    .max(
      CONTACT_MESSAGE_MAX,
      `Message is longer than ${CONTACT_MESSAGE_MAX.toLocaleString("en-US")} characters`,
    ),
  /** Set when the sender follows the link in a reply: the new message starts with "Re: case #N". */
  caseNumber: z.preprocess(
    blankToUndefined,
    z.coerce.number({ error: "Unknown case number" }).int().positive().max(ID_MAX).optional(),
  ),
});
export type ContactMessageInput = z.input<typeof contactMessageInput>;

export const contactReceipt = z.object({
  id: z.number().int(),
  receivedAt: z.date(),
  priority: z
    .boolean()
    .describe("Sent from an account on a paid plan: answered within the priority reply time"),
  dueAt: z.date().describe("When an answer is due: receipt plus the reply time of the case's tier"),
});
export type ContactReceipt = z.output<typeof contactReceipt>;

export const CONTACT_MESSAGES_PAGE_SIZE = { default: 50, max: 100 } as const;

export const contactMessagesListInput = z
  .strictObject({
    ...pagingFields(CONTACT_MESSAGES_PAGE_SIZE),
    /** Matches the sender's name, e-mail or company, and the message text. */
    search: z.preprocess(blankToUndefined, line().max(100, "Search is too long").optional()),
    status: optionalFilter(z.enum(SUPPORT_STATUSES, { error: "Unknown status" })),
    /** An administrator's id, or "none" for cases nobody has taken. */
    assignee: optionalFilter(z.union([z.uuid("Unknown administrator"), z.literal("none")])),
  })
  .default({ page: 1, pageSize: CONTACT_MESSAGES_PAGE_SIZE.default });

export const contactMessageRow = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  role: z.enum(CONTACT_ROLE_VALUES).nullable(),
  subject: z.enum(CONTACT_SUBJECT_VALUES),
  message: z.string(),
  userId: z.string().nullable().describe("The sender's account when they were signed in"),
  createdAt: z.date(),
  status: z.enum(SUPPORT_STATUSES),
  assigneeId: z.string().nullable(),
  assigneeEmail: z.string().nullable(),
  replies: z.number().int().describe("Replies sent on this case"),
  updatedAt: z.date(),
  priority: z.boolean().describe("The sender was signed in with an account on a paid plan"),
  dueAt: z.date().describe("When an answer is due: receipt plus the reply time of the case's tier"),
  ageHours: z.number().int().describe("Whole hours since the message arrived"),
  overdue: z.boolean().describe("Still new or in progress after its due time"),
});
export type ContactMessageRow = z.output<typeof contactMessageRow>;
export const contactMessagesPage = listPage(contactMessageRow);

// Support cases (docs/product/support.md): each contact message is a case; its number is its id.

const caseNumber = z.coerce
  .number({ error: "Unknown case" })
  .int("Unknown case")
  .positive("Unknown case")
  .max(ID_MAX);
export const supportCaseInput = z.strictObject({ id: caseNumber });

export const SUPPORT_REPLY_MAX = 5000;
export const supportReplyInput = z.strictObject({
  id: caseNumber,
  body: text({ error: "Please write a reply" })
    .min(1, "Please write a reply")
    .max(
      SUPPORT_REPLY_MAX,
      `Please keep the reply under ${SUPPORT_REPLY_MAX.toLocaleString("en-US")} characters`,
    ),
});
export type SupportReplyInput = z.input<typeof supportReplyInput>;

export const updateSupportCaseInput = z.strictObject({
  id: caseNumber,
  status: z.enum(SUPPORT_STATUSES, { error: "Unknown status" }).optional(),
  /** An administrator's id; null hands the case back to nobody. */
  assigneeId: z.uuid("Unknown administrator").nullable().optional(),
});
export type UpdateSupportCaseInput = z.input<typeof updateSupportCaseInput>;

export const supportReply = z.object({
  id: z.number().int(),
  body: z.string(),
  authorId: z.string().nullable(),
  authorEmail: z.string().nullable(),
  createdAt: z.date(),
});
export const supportCase = contactMessageRow.extend({ thread: z.array(supportReply) });
export type SupportCase = z.output<typeof supportCase>;
export const supportReplyAnswer = z.object({
  reply: supportReply,
  deliveryStatus: z
    .enum(["sent", "logged", "failed"])
    .describe("Whether the SMTP server took the e-mail (the reply is stored either way)"),
});

/** How to reach support beyond the contact form: the phone line when the operator configured one (SUPPORT_PHONE). */
export const supportContact = z.object({
  phone: z
    .object({ number: z.string(), hours: z.string() })
    .nullable()
    .describe("The support phone number and when it answers; null when none is configured"),
});
export type SupportContact = z.output<typeof supportContact>;

/** A point to measure from: a city from data/us-cities.csv, or the browser's position. */
export const dealershipsNearInput = z.strictObject({
  latitude: z.coerce.number().min(-90).max(90),
  longitude: z.coerce.number().min(-180).max(180),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const nearbyDealership = dealershipSummary.omit({ timeZone: true }).extend({
  slug: z.string().describe("Where the dealership's page is: /dealerships/{slug}"),
  locationPrecision,
  salespeople: z.number().int(),
  distanceMiles: z.number().describe("Great-circle distance from the point asked about, in miles"),
});
export type NearbyDealership = z.output<typeof nearbyDealership>;

export const nearbyDealerships = z.array(nearbyDealership);

export const cityOption = z.object({
  city: z.string(),
  state: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type CityOption = z.output<typeof cityOption>;
export const cityOptions = z.array(cityOption);

/** A five-star review of a completed visit, quoted on the landing page. */
export const testimonial = z.object({
  id: z.number().int(),
  comment: z.string(),
  author: z.string().describe("First name and last initial, or 'Verified customer'"),
  createdAt: z.date(),
  salespersonId: z.number().int(),
  salesperson: z.string(),
  dealership: z.string().nullable(),
  city: z.string(),
  state: z.string(),
});
export type Testimonial = z.output<typeof testimonial>;
export const testimonials = z.array(testimonial);
