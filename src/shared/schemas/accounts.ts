// Inputs and answers of an account's lifecycle in the administrators' console: creating a user of any role,
// changing a role, suspending and reactivating, promotions to administrator (two administrators), and the
// monitor's live counts (docs/product/admin.md#account-lifecycle).
import { z } from "zod";
import { emailSchema } from "./auth";
import { idWith, line, text } from "./common";

const REASON_REQUIRED = "Please give a reason";
const reason = text({ error: REASON_REQUIRED })
  .min(1, REASON_REQUIRED)
  .max(1000, "Please keep the reason under 1,000 characters");
const userId = z.uuid("Unknown user id");
const dealershipId = idWith("Please choose a dealership");
const optionalName = line()
  .max(80)
  .transform((v) => (v === "" ? null : v))
  .nullable()
  .optional();

/**
 * The role an account is given. A manager manages one dealership; `replaceManager` says the dealership's
 * current manager, if it has one, steps aside (refused otherwise). A salesperson gets a profile at a
 * dealership unless they already have one. An administrator takes a second administrator's approval.
 */
const roleTarget = z.discriminatedUnion(
  "role",
  [
    z.strictObject({ role: z.literal("customer") }),
    z.strictObject({ role: z.literal("salesperson"), dealershipId }),
    z.strictObject({
      role: z.literal("manager"),
      dealershipId,
      replaceManager: z.boolean().default(false),
    }),
    /** Files a promotion request that a second administrator decides (nothing changes until then). */
    z.strictObject({ role: z.literal("admin"), reason: reason.optional() }),
  ],
  { error: "Role must be customer, salesperson, manager or admin" },
);

/**
 * Why an account holding a salesperson profile cannot take a role other than salesperson (a role change, a
 * promotion, a manager's invitation): a manager or an administrator with a profile would decide about it, and
 * a customer would keep the portal and buyers' details. The profile is not detached instead: a salesperson
 * portal sign-in links a profile to the account of its address again.
 */
export function salespersonProfileRefusal(role: "customer" | "manager" | "admin"): string {
  if (role === "customer")
    return "This account has a salesperson profile; it stays a salesperson while the profile is theirs. Delete the profile under Salespeople first if the person no longer sells.";
  const who = role === "manager" ? "a dealership manager" : "an administrator";
  return `This account has a salesperson profile; ${who} needs an account of their own (another e-mail address), so that nobody decides about their own profile.`;
}

export const createUserInput = z.strictObject({
  email: emailSchema,
  firstName: optionalName,
  lastName: optionalName,
  phone: line().max(40).optional(),
  target: roleTarget,
});
export type CreateUserInput = z.input<typeof createUserInput>;

export const changeRoleInput = z.strictObject({ id: userId, target: roleTarget });
export type ChangeRoleInput = z.input<typeof changeRoleInput>;

export const suspendUserInput = z.strictObject({ id: userId, reason });
export type SuspendUserInput = z.input<typeof suspendUserInput>;
export const reactivateUserInput = z.strictObject({ id: userId, reason });
export type ReactivateUserInput = z.input<typeof reactivateUserInput>;

export const accountChange = z.object({
  id: z.uuid(),
  email: z.string(),
  role: z.enum(["customer", "salesperson", "manager", "admin"]),
  disabledAt: z.date().nullable(),
  suspensionReason: z.string().nullable(),
  salespersonId: z.number().int().nullable(),
  managedDealershipId: z.number().int().nullable(),
  promotionRequestId: z
    .number()
    .int()
    .nullable()
    .describe("The open request to make this account an administrator, if there is one"),
});
export type AccountChange = z.output<typeof accountChange>;

// Promotions to administrator ----------------------------------------------------------------------------

export const requestPromotionInput = z.strictObject({ userId, reason });
export type RequestPromotionInput = z.input<typeof requestPromotionInput>;

export const PROMOTION_DECISIONS = ["approve", "decline", "withdraw"] as const;
export const decidePromotionInput = z.strictObject({
  id: idWith("Unknown promotion request"),
  decision: z.enum(PROMOTION_DECISIONS, { error: "Decision must be approve, decline or withdraw" }),
});
export type DecidePromotionInput = z.input<typeof decidePromotionInput>;

export const promotionRequest = z.object({
  id: z.number().int(),
  userId: z.uuid(),
  email: z.string(),
  name: z.string().nullable(),
  reason: z.string().nullable(),
  requestedBy: z.uuid().nullable(),
  requestedByEmail: z.string().nullable(),
  createdAt: z.date(),
  outcome: z.enum(["approved", "declined", "withdrawn"]).nullable(),
  decidedAt: z.date().nullable(),
});
export type PromotionRequest = z.output<typeof promotionRequest>;
export const openPromotions = z.array(promotionRequest).describe("Promotion requests waiting for a decision");

// Monitor ------------------------------------------------------------------------------------------------

export const monitorSnapshot = z.object({
  since: z.date().describe("The start of the hour counted"),
  signIns: z.number().int().describe("Successful sign-ins in the last hour"),
  bookings: z.number().int().describe("Appointments created in the last hour"),
  errors: z.number().int().describe("Answers of 500 or more and jobs that failed for good in the last hour"),
  queuedJobs: z.number().int().describe("Jobs waiting or running, over every queue"),
  queues: z.array(z.object({ name: z.string(), waiting: z.number().int(), active: z.number().int() })),
  database: z.object({ ready: z.boolean(), detail: z.string() }),
  jobQueue: z.object({ ready: z.boolean(), detail: z.string() }),
  texting: z
    .object({ configured: z.boolean(), detail: z.string() })
    .describe("Whether text messages (Twilio) are configured on this server"),
});
export type MonitorSnapshot = z.output<typeof monitorSnapshot>;
