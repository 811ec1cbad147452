// Every request has a deadline (docs/operations/outages.md). While it runs, what it asks of the database is
// tied to its budget: when the deadline passes before the request has answered, the request answers 503 at
// once, and whatever it had not yet sent to the database is withdrawn, so nothing it asked for is carried out
// after its caller was told it failed.
import { AsyncLocalStorage } from "node:async_hooks";

/** What a statement handed to the pool exposes to be withdrawn or cancelled (postgres.js's Query). */
export type PendingStatement = {
  /** Set once the statement has been sent to the database. */
  state: unknown;
  canceller: ((query: PendingStatement) => Promise<void>) | null;
};

export type RequestBudget = {
  /** When the request must have answered, on performance.now()'s clock (lifted once it has answered). */
  deadline: number;
  /** Set when the deadline passed before the request answered; nothing it asks of the database runs then. */
  expired: boolean;
  /** Statements of the request handed to the pool and not settled yet. */
  readonly pending: Set<PendingStatement>;
  /** Commits of the request under way: their outcome is waited for rather than answered as unknown. */
  committing: number;
  /** The Idempotency-Key claim the request works under, marked done inside each transaction it commits. */
  idempotencyClaim: string | null;
};

/** Work refused because its request's deadline had passed: answered 503 like a database that did not answer. */
export class DeadlineExceeded extends Error {
  override readonly name = "DeadlineExceeded";
  readonly code = "DEADLINE_EXCEEDED";
  constructor() {
    super("the request's deadline passed");
  }
}

const budgets = new AsyncLocalStorage<RequestBudget>();

export function newBudget(timeoutMs: number): RequestBudget {
  return {
    deadline: performance.now() + timeoutMs,
    expired: false,
    pending: new Set(),
    committing: 0,
    idempotencyClaim: null,
  };
}

/** The budget of the request this code runs for, or null outside a request (jobs, scripts, tests' callers). */
export function currentBudget(): RequestBudget | null {
  return budgets.getStore() ?? null;
}

export function withBudget<T>(budget: RequestBudget, work: () => T): T {
  return budgets.run(budget, work);
}

/** Throws DeadlineExceeded when the budget's deadline has passed. */
export function ensureWithinDeadline(budget: RequestBudget): void {
  if (budget.expired || performance.now() >= budget.deadline) throw new DeadlineExceeded();
}

/**
 * Ends the budget: nothing more of the request's goes to the database, its statements still waiting for a
 * connection are withdrawn, and those already sent are cancelled (a write of one statement, such as a booking,
 * would otherwise run on once a lock it waits for is released). A transaction of the request rolls back at its
 * next step (db/deadlines.ts). Returns whether something of the request's had reached the database (a statement
 * sent, a commit under way), whose outcome is then worth a moment's wait.
 */
export function expire(budget: RequestBudget): boolean {
  budget.expired = true;
  let reached = budget.committing > 0;
  for (const statement of budget.pending) {
    const cancel = statement.canceller;
    if (!cancel) continue;
    if (statement.state) reached = true;
    statement.canceller = null;
    cancel(statement).catch(() => {});
  }
  budget.pending.clear();
  return reached;
}

/** Runs work outside any request's budget (bookkeeping after a request that must happen whatever its deadline). */
export function outsideBudget<T>(work: () => T): T {
  return budgets.exit(work);
}
