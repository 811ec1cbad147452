// Purchase verification rules shared by the client and the server (docs/product/reviews.md#purchase-verification).

/** The average a profile shows counts reviews written within this many months; older ones are listed only. */
export const AVERAGE_WINDOW_MONTHS = 24;

/**
 * What backs a review, shown as its badge: a confirmed purchase ("Verified purchase"), a visit someone other
 * than the buyer alone vouches for ('visit', named by its evidence: src/shared/visits.ts), or neither
 * ('unconfirmed': the visit closed by itself, or only the buyer says they went). The server decides it in one
 * place (reviews/verification.ts).
 */
export const REVIEW_VERIFICATIONS = ["purchase", "visit", "unconfirmed"] as const;
export type ReviewVerification = (typeof REVIEW_VERIFICATIONS)[number];

/** How far from the receiver's clock a CRM sale event's signature timestamp may be (either way). */
export const CRM_INBOUND_TOLERANCE_SECONDS = 5 * 60;

/** The one sale event a CRM sends in. */
export const CRM_SALE_EVENT = "sale.completed";

/**
 * A phone number as it is compared: its digits only, without the US country code, so "+1 (512) 555-0100",
 * "512.555.0100" and "5125550100" are one number. The database side is phoneDigitsSql (same rule).
 */
export function phoneDigits(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
}
