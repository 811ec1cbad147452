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

/** The reply promise in one sentence, as the contact, pricing and features pages give it. */
export const REPLY_PROMISE = `We answer every message within ${hoursText(SUPPORT_REPLY_HOURS.standard)}, and within ${hoursText(SUPPORT_REPLY_HOURS.priority)} when you write signed in to an account on a paid plan.`;

/** A paid plan's line in a list of what it includes. */
export const PRIORITY_SUPPORT_FEATURE = `Priority support: answers within ${hoursText(SUPPORT_REPLY_HOURS.priority)}`;

/** The onboarding promise in one sentence: what the applications queue's clock measures. */
export const APPLICATION_PROMISE = `We decide on a dealership's application within ${hoursText(APPLICATION_DECISION_HOURS)} of its confirmation by e-mail.`;

/** The onboarding promise as one line in a list. */
export const APPLICATION_FEATURE = `A decision on your application within ${hoursText(APPLICATION_DECISION_HOURS)}`;

function span(ms: number): string {
  const minutes = Math.max(1, Math.round(Math.abs(ms) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} h` : `${Math.round(hours / 24)} d`;
}

/** A queue's clock at `now`: "Overdue by 3 h", "Due in 5 h", or, once answered or decided, nothing. */
export function dueLabel(dueAt: Date, now: Date, open: boolean): string | null {
  if (!open) return null;
  const left = dueAt.getTime() - now.getTime();
  return left < 0 ? `Overdue by ${span(left)}` : `Due in ${span(left)}`;
}

/** How long ago something arrived: "12 min", "5 h", "3 d". */
export function ageText(since: Date, now: Date): string {
  return span(now.getTime() - since.getTime());
}
