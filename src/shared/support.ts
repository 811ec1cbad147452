// What support promises, stated once (docs/product/support.md#reply-times): how soon a contact message is
// answered, for whom sooner, and how soon a confirmed dealership application is decided. The pages say it from
// these numbers and the administrators' queues run their clocks on them.
import { PLAN_IDS, PLANS, type PlanAudience, type PlanId } from "./plans";

/** Hours within which a support case is answered: priority for senders on a paid plan, standard for everyone else. */
export const SUPPORT_REPLY_HOURS = { standard: 24, priority: 8 } as const;
export type SupportTier = keyof typeof SUPPORT_REPLY_HOURS;

/** Hours within which an administrator decides on a dealership application once its contact has confirmed it. */
export const APPLICATION_DECISION_HOURS = 48;

/** When the support phone line (SUPPORT_PHONE) answers; shown beside the number, never without it. */
export const SUPPORT_PHONE_HOURS = "Monday to Friday, 9 AM to 6 PM Eastern";

/** Cases still waiting for an answer: their clock runs, and they can be overdue. */
export const OPEN_SUPPORT_STATUSES = ["new", "in_progress"] as const;

/** A plan gives priority support when it is paid for: read from the plan catalogue, not its wording. */
export function prioritySupportPlans(audience: PlanAudience): PlanId[] {
  return PLAN_IDS.filter((id) => PLANS[id].audience === audience && PLANS[id].unitAmountCents > 0);
}

/** "8 hours", "1 hour". */
export function hoursText(hours: number): string {
  return `${hours} ${hours === 1 ? "hour" : "hours"}`;
}

/** The reply promise in one sentence, as the contact page gives it (other pages send readers there). */
export const REPLY_PROMISE = `We answer every message within ${hoursText(SUPPORT_REPLY_HOURS.standard)}, and within ${hoursText(SUPPORT_REPLY_HOURS.priority)} when you write signed in to an account on a paid plan.`;

/** The onboarding promise in one sentence: what the applications queue's clock measures. */
export const APPLICATION_PROMISE = `We decide on a dealership's application within ${hoursText(APPLICATION_DECISION_HOURS)} of its confirmation by e-mail.`;
