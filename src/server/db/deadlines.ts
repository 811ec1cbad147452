// The pool as the app uses it (db/client.ts wraps each of its pools in this):
// - a statement or transaction of a request keeps to the request's deadline (deadline.ts): refused once it has
//   passed, withdrawn or cancelled when it passes, a transaction rolled back at its next step;
// - while the database is away, statements are refused at once instead of queueing behind the driver's
//   attempts to reconnect (a circuit breaker): after a connection failure, one statement every
//   TRIAL_INTERVAL_MS goes through to find out whether it is back, and the first that succeeds closes the
//   breaker. Without it, every request of an outage waited its full deadline, readiness probes included.
// docs/operations/outages.md.
import type postgres from "postgres";
import { currentBudget, ensureWithinDeadline, type PendingStatement } from "../deadline";
import type { Sql } from "./client";
import { databaseAway } from "./pgErrors";

/** While the database is away, how often one statement is let through to find out whether it is back. */
export const TRIAL_INTERVAL_MS = 250;

/** The part of postgres.js's Query this module touches: the function that hands it to the pool. */
type DriverQuery = PendingStatement &
  Promise<unknown> & {
    handler: ((query: DriverQuery) => unknown) & { debug?: unknown };
    reject: (error: unknown) => void;
  };

function isDriverQuery(value: unknown): value is DriverQuery {
  return value instanceof Promise && typeof (value as { handler?: unknown }).handler === "function";
}

/** Refused at once: the pool knows the database is away (answered 503 like the failure it stands for). */
export class DatabaseUnreachable extends Error {
  override readonly name = "DatabaseUnreachable";
  readonly code = "DATABASE_UNREACHABLE";
  constructor() {
    super("the database cannot be reached");
  }
}

/** Whether the database is known to be away, and when a statement last went through to find out. */
type Breaker = { awaySince: number | null; lastTrial: number };

/** Whether a statement may go to the pool now (always, unless the database is away and a trial just went). */
function admit(breaker: Breaker): boolean {
  if (breaker.awaySince === null) return true;
  const now = performance.now();
  if (now - breaker.lastTrial < TRIAL_INTERVAL_MS) return false;
  breaker.lastTrial = now;
  return true;
}

function observe(breaker: Breaker, statement: DriverQuery): void {
  // The Promise's own then: postgres.js's would hand the statement over a second time.
  Promise.prototype.then.call(
    statement,
    () => {
      breaker.awaySince = null;
    },
    (error: unknown) => {
      if (databaseAway(error) && breaker.awaySince === null) {
        breaker.awaySince = performance.now();
        breaker.lastTrial = breaker.awaySince;
      }
    },
  );
}

/**
 * Guards a statement at the moment it is handed to the pool. Fragments nested in other statements are never
 * handed to the pool and are left alone.
 */
function guard(breaker: Breaker, query: unknown): void {
  if (!isDriverQuery(query)) return;
  const handOver = query.handler;
  const guarded = (statement: DriverQuery) => {
    const budget = currentBudget();
    try {
      if (budget) ensureWithinDeadline(budget);
      if (!admit(breaker)) throw new DatabaseUnreachable();
    } catch (error) {
      statement.reject(error);
      return;
    }
    observe(breaker, statement);
    if (budget) {
      budget.pending.add(statement);
      const done = () => {
        budget.pending.delete(statement);
      };
      Promise.prototype.then.call(statement, done, done);
    }
    return handOver(statement);
  };
  guarded.debug = handOver.debug;
  query.handler = guarded;
}

type TransactionBody<T> = (tx: postgres.TransactionSql) => T | Promise<T>;

/**
 * A transaction: refused at once while the database is away. Of a request, it starts only within the deadline
 * (a BEGIN that waited for a connection past it rolls back at once) and commits only within it, and a commit
 * under way is reported to the deadline, which waits a moment for its outcome. A request working under an
 * Idempotency-Key marks its claim done in the same transaction (http/idempotency.ts).
 */
function begin(breaker: Breaker, sql: Sql, args: unknown[]) {
  const body = args.at(-1) as TransactionBody<unknown>;
  const options = args.length > 1 ? (args[0] as string) : "";
  if (!admit(breaker)) return Promise.reject(new DatabaseUnreachable());
  const budget = currentBudget();
  if (!budget) return sql.begin(options, body);
  let committing = false;
  const run = sql.begin(options, async (tx) => {
    ensureWithinDeadline(budget);
    const returned = body(tx);
    const result = await (Array.isArray(returned) ? Promise.all(returned) : returned);
    ensureWithinDeadline(budget);
    if (budget.idempotencyClaim !== null)
      await tx`update idempotency_claims set committed = true where id = ${budget.idempotencyClaim}`;
    committing = true;
    budget.committing++;
    return result;
  });
  const settle = () => {
    if (committing) budget.committing--;
  };
  run.then(settle, settle);
  return run;
}

/** The pool, guarded as this module's head says. */
export function guardedPool(sql: Sql): Sql {
  const breaker: Breaker = { awaySince: null, lastTrial: 0 };
  return new Proxy(sql, {
    apply(target, thisArg, args) {
      const query = Reflect.apply(target, thisArg, args);
      guard(breaker, query);
      return query;
    },
    get(target, property) {
      if (property === "begin") return (...args: unknown[]) => begin(breaker, target, args);
      if (property === "unsafe")
        return (...args: Parameters<Sql["unsafe"]>) => {
          const query = target.unsafe(...args);
          guard(breaker, query);
          return query;
        };
      return Reflect.get(target, property, target);
    },
  });
}
