// The database driver as patched at install (patches/postgres+3.4.9+001+begin-reserves-connection.patch,
// patches/postgres+3.4.9+003+cancelled-while-connecting.patch and
// patches/postgres+3.4.9+004+rows-after-an-error.patch), against a real PostgreSQL.
import postgres from "postgres";
import { afterAll, describe, expect, inject, it } from "vitest";
import { inList } from "../src/server/db/client";

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

  it("gives a connection back to the pool when the statement it was opened for is cancelled while connecting", async () => {
    // One connection, not open yet: the first statement is handed to it to open with, and cancelled before it
    // is open (as a request's deadline withdraws what it had not sent). The published driver then left that
    // connection in its connecting queue for good, and every later statement waited forever.
    const single = postgres(`${inject("pgServerUrl")}/postgres`, { max: 1, onnotice: () => {} });
    try {
      const first = single`select 1 as one`.execute();
      first.cancel();
      await expect(first).rejects.toMatchObject({ code: "57014" });
      const later = single<{ two: number }[]>`select 2 as two`;
      const answered = await Promise.race([
        later.then((rows) => [...rows]),
        new Promise((resolve) => setTimeout(resolve, 5000, "no answer in 5 s")),
      ]);
      expect(answered).toEqual([{ two: 2 }]);
    } finally {
      await single.end({ timeout: 1 });
    }
  });

  it("answers every row of a statement after one that failed while sending its rows, with no holes", async () => {
    // A statement that fails after some of its rows were sent (a statement timeout, a cancellation, an error in
    // a row) left the connection's count of rows where it stopped: the next statement on that connection wrote
    // its rows after that many empty places. The browse index's first read of a million salespeople hit its
    // statement timeout, and the read after it failed on an empty row.
    const single = postgres(`${inject("pgServerUrl")}/postgres`, { max: 1, onnotice: () => {} });
    try {
      const failing = single`select i, 1 / (4 - i) as q from generate_series(1, 10) i`.catch(
        (error: { code?: string }) => error.code,
      );
      const next = single<{ x: number }[]>`select x from generate_series(1, 5) x`;
      expect(await failing).toBe("22012");
      expect([...(await next)]).toEqual([1, 2, 3, 4, 5].map((x) => ({ x })));
      // And a statement sent only after the failure was answered.
      await expect(single`select i, 1 / (4 - i) as q from generate_series(1, 10) i`).rejects.toMatchObject({
        code: "22012",
      });
      expect([...(await single<{ y: number }[]>`select 7 as y`)]).toEqual([{ y: 7 }]);
    } finally {
      await single.end({ timeout: 1 });
    }
  });
});

describe("value lists (inList)", () => {
  it("writes the list the driver's own helper writes, one placeholder a value, and keeps one template per length", async () => {
    const listed = (values: number[]) =>
      sql<{ n: number }[]>`select n from generate_series(1, 5) n where n ${inList(sql, values)} order by n`;
    expect([...(await listed([4, 2]))]).toEqual([{ n: 2 }, { n: 4 }]);
    expect([...(await listed([3]))]).toEqual([{ n: 3 }]);
    expect([...(await listed([]))]).toEqual([]);
    // The same text as sql(values) writes, so a statement of a given length keeps its plan as it did.
    const [own, helpers] = await Promise.all([
      sql`select n from generate_series(1, 5) n where n ${inList(sql, [1, 5])}`.describe(),
      sql`select n from generate_series(1, 5) n where n in ${sql([1, 5])}`.describe(),
    ]);
    expect(own.string).toBe(helpers.string.replace("in ($1,$2)", "in ($1, $2)"));
    expect(own.string).toContain("in ($1, $2)");
    const template = (values: number[]) => (inList(sql, values) as unknown as { strings: unknown }).strings;
    expect(template([7, 8])).toBe(template([9, 10]));
  });
});
