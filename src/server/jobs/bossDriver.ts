// pg-boss on the app's own driver: its executor (the `db` option) on a postgres.js pool or transaction, and a
// statement in pg-boss's `$n` form as a postgres.js fragment (a job inserted inside a caller's transaction).
import type { Db } from "pg-boss";
import { asTemplate, type Fragment, type Queryable } from "../db/client";

/**
 * pg-boss's executor (its `db` option) on a postgres.js pool or transaction. A statement with values is one
 * statement, prepared (the same few texts every time: parsed once per connection). One without values may be
 * several, some opening their own transaction (its maintenance, schema changes and queue creation): those run
 * by the simple protocol on one reserved connection, and pg-boss gets the rows of every statement, as it asks
 * of an executor.
 */
export function executorOn(sql: Queryable, deadlineMs = JOB_STATEMENT_DEADLINE_MS): Db {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      if (values.length > 0 || !("reserve" in sql))
        return {
          rows:
            values.length > 0
              ? await withDeadline(
                  sql.unsafe(text, values.map(nullIfUndefined) as never[], { prepare: true }),
                  deadlineMs,
                )
              : await withDeadline(sql.unsafe(text).simple(), deadlineMs).then(rowsOfEvery),
        };
      const connection = await withDeadline(sql.reserve(), deadlineMs);
      try {
        return { rows: rowsOfEvery(await withDeadline(connection.unsafe(text).simple(), deadlineMs)) };
      } finally {
        connection.release();
      }
    },
  };
}

/**
 * The longest a pg-boss statement may take. A database that stops while a worker's statement is in flight can
 * leave that statement unanswered for good; its worker would then wait on it and fetch no job again, and every
 * notice of its queue would wait until the process restarted. Past the deadline the statement is cancelled
 * and fails, and the worker carries on (its jobs are fetched again, or retried, when the database is back).
 */
export const JOB_STATEMENT_DEADLINE_MS = 30_000;

/** `pending` settled, or rejected (and cancelled, when it can be) once `ms` have passed. */
function withDeadline<T>(pending: PromiseLike<T> & { cancel?: () => unknown }, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      pending.cancel?.();
      reject(new Error(`A job queue statement took longer than ${ms} ms and was given up`));
    }, ms);
    timer.unref();
  });
  return Promise.race([pending, expired]).finally(() => clearTimeout(timer));
}

/** The rows of every statement a simple query ran: postgres.js answers one result per statement when several ran. */
function rowsOfEvery(result: readonly unknown[]): unknown[] {
  return result.length > 0 && result.every(Array.isArray) ? result.flat() : [...result];
}

/** pg-boss passes undefined for unset options; node-postgres reads that as NULL, postgres.js refuses it. */
function nullIfUndefined(value: unknown) {
  return value === undefined ? null : value;
}

/**
 * A statement's text split at its `$n` placeholders, as a template literal would be, with the value each hole
 * takes. Kept per text: postgres.js keys its per-statement work on the template's identity, as it does for a
 * literal in the source.
 */
const templates = new Map<string, { template: TemplateStringsArray; holes: number[] }>();

function templateOf(text: string) {
  let found = templates.get(text);
  if (!found) {
    const strings: string[] = [];
    const holes: number[] = [];
    let last = 0;
    for (const match of text.matchAll(/\$(\d+)/g)) {
      strings.push(text.slice(last, match.index));
      holes.push(Number(match[1]) - 1);
      last = match.index + match[0].length;
    }
    strings.push(text.slice(last));
    found = { template: asTemplate(strings), holes };
    templates.set(text, found);
  }
  return found;
}

/** A statement with `$n` placeholders as a postgres.js fragment (each placeholder becomes a bound value). */
export function fragmentOf(sql: Queryable, text: string, values: readonly unknown[]): Fragment {
  const { template, holes } = templateOf(text);
  const args = holes.map((i) => nullIfUndefined(values[i]));
  return sql(template, ...(args as never[])) as Fragment;
}
