// The Stripe customer a user pays with is stored once, however many checkouts of the user ask for it at once.
import type Stripe from "stripe";
import { expect, it } from "vitest";
import { customerFor } from "../src/server/domains/subscriptions/stripeState";
import type { SessionUser } from "../src/shared/schemas/auth";
import { createHarness } from "./support/harness";

const h = await createHarness();

/** Stripe as the idempotency key makes it: every call for a user answers that user's one customer. */
const stripe = {
  customers: {
    create: async (params: { metadata: { userId: string } }) => ({ id: `cus_${params.metadata.userId}` }),
  },
} as unknown as Stripe;

it("stores a user's customer once when two checkouts ask for it at the same moment, and both get it", async () => {
  // The collision is a matter of microseconds (both inserts past their conflict check before either is in the
  // index), so many users each race two calls; before the fix about one pair in thirty failed with 23505.
  const users = await h.sql<{ id: string; email: string }[]>`
    insert into users (email) select 'customer-race-' || n || '@example.org' from generate_series(1, 300) n
    returning id, email`;
  const outcomes = await Promise.all(
    users.map(async (row) => {
      const user = {
        id: row.id,
        email: row.email,
        firstName: null,
        lastName: null,
      } as unknown as SessionUser;
      return Promise.allSettled([customerFor(h.sql, stripe, user), customerFor(h.sql, stripe, user)]);
    }),
  );
  const failures = outcomes.flat().filter((outcome) => outcome.status === "rejected");
  expect(failures.map((failure) => String((failure as PromiseRejectedResult).reason))).toEqual([]);
  for (const [i, pair] of outcomes.entries()) {
    expect(pair.map((outcome) => (outcome as PromiseFulfilledResult<string>).value)).toEqual([
      `cus_${users[i]!.id}`,
      `cus_${users[i]!.id}`,
    ]);
  }
  const [{ n } = { n: 0 }] = await h.sql<{ n: number }[]>`
    select count(*)::int as n from stripe_customers where user_id = any(${users.map((u) => u.id)}::uuid[])`;
  expect(n).toBe(users.length);
});
