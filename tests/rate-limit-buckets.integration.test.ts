// The token buckets themselves (src/server/rateLimit.ts): what a take answers, how a bucket refills, that
// buckets hold under callers racing for them, and that a take is one statement.
import { describe, expect, it } from "vitest";
import { takeToken } from "../src/server/rateLimit";
import { createHarness } from "./support/harness";

const sent: string[] = [];
const h = await createHarness({}, { statements: (query) => sent.push(query) });
const rule = { capacity: 3, refillSeconds: 60 };

/** Moves a bucket's last refill `seconds` into the past, as if that much time had gone by. */
async function age(key: string, seconds: number) {
  await h.sql`update rate_limit_buckets set refilled_at = refilled_at - make_interval(secs => ${seconds}) where key = ${key}`;
}

async function bucket(key: string) {
  const [row] = await h.sql<{ tokens: number; ago: number }[]>`
    select tokens, extract(epoch from now() - refilled_at)::float8 as ago from rate_limit_buckets where key = ${key}`;
  return row!;
}

describe("token buckets", () => {
  it("lets a new caller take its capacity at once, then answers the seconds until the next token", async () => {
    const takes = [];
    for (let i = 0; i < 5; i++) takes.push(await takeToken(h.sql, "bucket:fresh", rule));
    expect(takes.slice(0, 3)).toEqual([0, 0, 0]);
    expect(takes[3]).toBeGreaterThanOrEqual(59);
    expect(takes[3]).toBeLessThanOrEqual(60);
    expect(takes[4]).toBeLessThanOrEqual(60);
    await age("bucket:fresh", 45);
    const wait = await takeToken(h.sql, "bucket:fresh", rule);
    expect(wait).toBeGreaterThanOrEqual(14);
    expect(wait).toBeLessThanOrEqual(15);
  });

  it("refills a token a step, from the last refill, up to its capacity", async () => {
    for (let i = 0; i < 3; i++) await takeToken(h.sql, "bucket:refill", rule);
    // Two and a half steps later: two tokens, and the half step counts toward the next.
    await age("bucket:refill", 150);
    expect(await takeToken(h.sql, "bucket:refill", rule)).toBe(0);
    expect(await bucket("bucket:refill")).toMatchObject({ tokens: 1 });
    expect((await bucket("bucket:refill")).ago).toBeGreaterThanOrEqual(29);
    expect(await takeToken(h.sql, "bucket:refill", rule)).toBe(0);
    const refused = await takeToken(h.sql, "bucket:refill", rule);
    expect(refused).toBeGreaterThanOrEqual(29);
    expect(refused).toBeLessThanOrEqual(31);
    // A day later the bucket is full again, not over: three takes, and the refill starts from now.
    await age("bucket:refill", 86_400);
    expect([
      await takeToken(h.sql, "bucket:refill", rule),
      await takeToken(h.sql, "bucket:refill", rule),
      await takeToken(h.sql, "bucket:refill", rule),
    ]).toEqual([0, 0, 0]);
    expect(await takeToken(h.sql, "bucket:refill", rule)).toBeGreaterThan(55);
  });

  it("refills by steps of a fraction of a second", async () => {
    const twiceASecond = { capacity: 2, refillSeconds: 0.5 };
    expect(await takeToken(h.sql, "bucket:fraction", twiceASecond)).toBe(0);
    expect(await takeToken(h.sql, "bucket:fraction", twiceASecond)).toBe(0);
    expect(await takeToken(h.sql, "bucket:fraction", twiceASecond)).toBe(1);
    await age("bucket:fraction", 0.75);
    expect(await takeToken(h.sql, "bucket:fraction", twiceASecond)).toBe(0);
    // Of the 0.75 s, the step taken counts 0.5 s: the next token is a quarter of a second away.
    expect((await bucket("bucket:fraction")).ago).toBeGreaterThanOrEqual(0.25);
    expect((await bucket("bucket:fraction")).ago).toBeLessThan(0.5);
  });

  it("gives out exactly its capacity to callers racing for it", async () => {
    const takes = await Promise.all(
      Array.from({ length: 12 }, () => takeToken(h.sql, "bucket:race", { capacity: 5, refillSeconds: 600 })),
    );
    expect(takes.filter((wait) => wait === 0)).toHaveLength(5);
    expect(await bucket("bucket:race")).toMatchObject({ tokens: 0 });
  });

  it("takes a token in one statement", async () => {
    await takeToken(h.sql, "bucket:statements", rule);
    sent.length = 0;
    expect(await takeToken(h.sql, "bucket:statements", rule)).toBe(0);
    expect(sent).toHaveLength(1);
  });
});
