// The database driver as patched at install (patches/postgres+3.4.9+001+begin-reserves-connection.patch),
// against a real PostgreSQL.
import postgres from "postgres";
import { afterAll, describe, expect, inject, it } from "vitest";

// max_pipeline is the driver's own option (statements sent ahead on one connection), missing from its types.
const options = { max: 2, max_pipeline: 1, onnotice: () => {} } as postgres.Options<Record<string, never>>;
const sql = postgres(`${inject("pgServerUrl")}/postgres`, options);
afterAll(() => sql.end());

describe("the database driver, as patched at install", () => {
  it("reserves a transaction's connection when its BEGIN is queued behind another statement", async () => {
    // Both connections busy, so the BEGIN waits behind a statement on one of them, past the room its pipeline
    // has (one statement here; under load a full socket buffer does the same). The published driver then never
    // reserved that connection for the transaction, and it failed with UNSAFE_TRANSACTION: a cancellation
    // answered 500 about once in five saturated mixed benchmark runs.
    await Promise.all([sql`select 1`, sql`select 1`]);
    const busy = [sql`select pg_sleep(0.2)`.execute(), sql`select pg_sleep(0.2)`.execute()];
    const inTransaction = sql.begin((tx) => tx<{ one: number }[]>`select 1 as one`);
    await Promise.all(busy);
    expect([...(await inTransaction)]).toEqual([{ one: 1 }]);
  });
});
