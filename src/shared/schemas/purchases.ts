// Inputs and answers of purchase verification: a buyer claims a purchase from a salesperson, the dealership's
// manager (an administrator for an independent salesperson) confirms or declines it, and a dealership's CRM may
// report the sale itself (POST /api/crm/inbound/{integrationId}).
import { z } from "zod";
import { PURCHASE_CLAIM_SOURCES, PURCHASE_CLAIM_STATUSES } from "../constants";
import { CRM_SALE_EVENT } from "../purchases";
import { idWith, isoDate, isoDateTime, line, text } from "./common";

export const PURCHASE_VEHICLE_MAX = 120;
export const PURCHASE_DECLINE_REASON_REQUIRED = "Please tell the buyer why you are declining";

const optionalVehicle = line()
  .max(PURCHASE_VEHICLE_MAX, "Please keep the vehicle under 120 characters")
  .nullable()
  .optional()
  .transform((v) => (v ? v : null));

/** The buyer's claim; the date, when given, may not be in the future (checked in the dealership's zone). */
export const claimPurchaseInput = z.strictObject({
  salespersonId: idWith("Choose the salesperson you bought from"),
  vehicle: optionalVehicle,
  purchaseDate: z
    .preprocess((v) => (v === "" ? null : v), isoDate().nullable().optional())
    .transform((v) => v ?? null),
});
export type ClaimPurchaseInput = z.input<typeof claimPurchaseInput>;

export const PURCHASE_DECISIONS = ["confirm", "decline"] as const;

export const decidePurchaseInput = z
  .strictObject({
    id: idWith("Unknown purchase claim"),
    decision: z.enum(PURCHASE_DECISIONS, { error: "Decision must be confirm or decline" }),
    reason: text()
      .max(1000, "Please keep the reason under 1,000 characters")
      .nullable()
      .optional()
      .transform((v) => (v ? v : null)),
  })
  .refine((input) => input.decision !== "decline" || input.reason !== null, {
    message: PURCHASE_DECLINE_REASON_REQUIRED,
    path: ["reason"],
  });
export type DecidePurchaseInput = z.input<typeof decidePurchaseInput>;

export const purchaseClaimsInput = z
  .strictObject({
    status: z.enum(PURCHASE_CLAIM_STATUSES, { error: "Unknown status" }).default("pending"),
  })
  .optional();

/** A claim as its buyer sees it. */
export const myPurchaseClaim = z.object({
  id: z.number().int(),
  salespersonId: z.number().int(),
  salespersonName: z.string(),
  dealershipName: z.string().nullable(),
  vehicle: z.string().nullable(),
  purchaseDate: z.string().nullable().describe("YYYY-MM-DD, when the buyer gave it"),
  status: z.enum(PURCHASE_CLAIM_STATUSES),
  source: z.enum(PURCHASE_CLAIM_SOURCES).describe("buyer: claimed by the buyer; crm: reported by the CRM"),
  declineReason: z.string().nullable(),
  createdAt: z.date(),
  decidedAt: z.date().nullable(),
});
export type MyPurchaseClaim = z.output<typeof myPurchaseClaim>;
export const myPurchaseClaims = z.array(myPurchaseClaim);

/** A claim as the deciding manager or administrator sees it. */
export const purchaseClaim = myPurchaseClaim.extend({
  buyerName: z.string(),
  buyerEmail: z.string().nullable(),
  /** The buyer's visits with the salesperson that were completed: what the dealership can check against. */
  completedVisits: z.number().int(),
});
export type PurchaseClaim = z.output<typeof purchaseClaim>;
export const purchaseClaims = z.array(purchaseClaim);

/** A CRM's sale event (the signed JSON body of POST /api/crm/inbound/{integrationId}). */
export const crmSaleEvent = z.strictObject({
  id: line().min(1, "The event needs an id").max(200),
  type: z.literal(CRM_SALE_EVENT, { error: `type must be ${CRM_SALE_EVENT}` }),
  occurredAt: isoDateTime(),
  salespersonId: idWith("salespersonId must be a salesperson's id"),
  customer: z
    .strictObject({
      email: line().max(254).pipe(z.email("customer.email is not an e-mail address")).optional(),
      phone: line().max(40).optional(),
    })
    .refine((c) => c.email !== undefined || c.phone !== undefined, "customer needs an email or a phone"),
  vehicle: line().max(PURCHASE_VEHICLE_MAX).optional(),
  soldOn: isoDate().optional(),
});
export type CrmSaleEvent = z.output<typeof crmSaleEvent>;

export const crmSaleOutcome = z
  .object({
    received: z.literal(true),
    outcome: z
      .enum(["confirmed", "created", "no_buyer"])
      .describe(
        "confirmed: a pending buyer claim was confirmed; created: a confirmed purchase was recorded; no_buyer: no customer account has that e-mail (a phone alone names nobody)",
      ),
    purchaseClaimId: z.number().int().nullable(),
  })
  .describe("What became of a CRM's sale event");
export type CrmSaleOutcome = z.output<typeof crmSaleOutcome>;
