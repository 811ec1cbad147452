// A database too busy to answer in time is not a fault of the request: a statement cancelled at its time limit
// (here, waiting on a row another transaction holds) answers 503 "try again" with Retry-After, over REST and
// tRPC alike, never a 500 or the database's own words, and leaves nothing half-written.
import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { BUSY_MESSAGE } from "../src/server/appError";
import { createHarness } from "./support/harness";

const h = await createHarness({ DB_STATEMENT_TIMEOUT_MS: "300", RATE_LIMIT_DISABLED: "true" });

describe("a busy database", () => {
  it("answers 503 BUSY with Retry-After while a row is held past the statement timeout, and the retry succeeds", async () => {
    const me = await h.signIn("busy.owner@example.org");
    const caller = h.caller({
      user: me.user,
      session: { id: "s", userId: me.userId, expiresAt: new Date(), authenticatedAt: new Date() },
    });
    // Another connection (no statement timeout of the app's) holds the account's row.
    const holder = postgres(h.dbUrl, { max: 1, onnotice: () => {} });
    try {
      await holder.begin(async (tx) => {
        await tx`select 1 from users where id = ${me.userId} for update`;
        const rest = await h.request("PATCH", `/api/auth/user/${me.userId}`, {
          cookie: me.cookie,
          body: { firstName: "Blocked" },
        });
        expect(rest.status, rest.text).toBe(503);
        expect(rest.json).toEqual({ message: BUSY_MESSAGE, code: "BUSY" });
        expect(rest.headers.get("retry-after")).toBe("1");
        await expect(
          caller.auth.updateProfile({ id: me.userId, firstName: "Blocked" }),
        ).rejects.toMatchObject({
          code: "SERVICE_UNAVAILABLE",
          message: BUSY_MESSAGE,
        });
      });
    } finally {
      await holder.end();
    }
    const [row] = await h.sql<{ firstName: string }[]>`
      select first_name as "firstName" from users where id = ${me.userId}`;
    expect(row?.firstName).toBe("busy.owner");
    const retried = await h.request("PATCH", `/api/auth/user/${me.userId}`, {
      cookie: me.cookie,
      body: { firstName: "Unblocked" },
    });
    expect(retried.status, retried.text).toBe(200);
  });
});
