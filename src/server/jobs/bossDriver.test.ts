import { describe, expect, it, vi } from "vitest";
import type { Queryable } from "../db/client";
import { executorOn } from "./bossDriver";

/** A pool whose statements never answer, as one left in flight by a database that stopped. */
function unanswered() {
  const cancel = vi.fn();
  const pending: Promise<never> & { cancel: typeof cancel; simple: () => typeof pending } = Object.assign(
    new Promise<never>(() => {}),
    { cancel, simple: () => pending },
  );
  const sql = { unsafe: vi.fn(() => pending) } as unknown as Queryable;
  return { sql, cancel };
}

describe("pg-boss's executor", () => {
  it("gives up a statement that does not answer by its deadline, cancelling it, so its worker carries on", async () => {
    const { sql, cancel } = unanswered();
    const started = Date.now();
    await expect(
      executorOn(sql, 50).executeSql("select 1 from pgboss.job where id = $1", ["x"]),
    ).rejects.toThrow("A job queue statement took longer than 50 ms and was given up");
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    expect(cancel).toHaveBeenCalledOnce();
  });

  it("answers the rows of a statement that does answer", async () => {
    const rows = [{ id: "x" }];
    const sql = { unsafe: vi.fn(() => Promise.resolve(rows)) } as unknown as Queryable;
    await expect(executorOn(sql, 50).executeSql("select $1 as id", ["x"])).resolves.toEqual({ rows });
  });
});
