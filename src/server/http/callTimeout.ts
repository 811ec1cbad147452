// How long a call to another service (the payment provider, a dealership's CRM) may wait for its answer: the
// call's own deadline, and inside a request no later than the request's own deadline (deadline.ts) allows, less
// a reserve. A person whose request waits on a service that stalls is then told what happened in this server's
// words ("Payments are not answering right now…") before the request's deadline would answer a bare 503.
import { currentBudget } from "../deadline";

/**
 * Kept back from a request's deadline for what follows a call that ran out of time: the payment provider's
 * pauses before its retries (half a second each, two of them) and writing the answer.
 */
export const ANSWER_RESERVE_MS = 1500;

/** The time a call may take from now: `timeoutMs`, or less inside a request; zero or less when none is left. */
export function callTimeout(timeoutMs: number): number {
  const budget = currentBudget();
  if (!budget) return timeoutMs;
  return Math.min(timeoutMs, Math.floor(budget.deadline - performance.now() - ANSWER_RESERVE_MS));
}
