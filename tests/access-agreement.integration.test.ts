// Each SQL rule in access.ts against its TypeScript twin, generated from the module: every exported `...Sql`
// rule must be listed below with its twin (a new rule without one fails), and each pair is evaluated on every
// (caller, row) pair of one fixture: an administrator, the managers of two dealerships (one of whom also sells
// there), salespeople of the same and of another dealership and an independent one, customers and a visitor
// who is signed out. The SQL side is run as the WHERE of a real query, so NULL semantics count.
import { describe, expect, it } from "vitest";
import type { Caller, SalespersonRef } from "../src/server/access";
import * as access from "../src/server/access";
import type { Queryable } from "../src/server/db/client";
import { createHarness } from "./support/harness";
import { makeManager } from "./support/members";

const h = await createHarness({ RATE_LIMIT_DISABLED: "true" });

async function dealership(name: string, managerId: string | null) {
  const [row] = await h.sql<{ id: number }[]>`
    insert into dealerships (name, address, city, state, zip_code, time_zone, latitude, longitude)
    values (${name}, '1 Main St', 'Austin', 'TX', '78701', 'America/Chicago', 30.27, -97.74)
    returning id`;
  if (managerId) await makeManager(h.sql, row!.id, managerId);
  return row!.id;
}

async function salesperson(email: string, dealershipId: number | null): Promise<SalespersonRef> {
  const [row] = await h.sql<{ id: number }[]>`
    insert into salespeople (name, email, dealership_id, city, state, time_zone)
    values (${email.split("@")[0]!}, ${email}, ${dealershipId}, 'Austin', 'TX', 'America/Chicago') returning id`;
  return { id: row!.id, dealershipId };
}

const managerOne = await h.signIn("agree.manager.one@example.org", "manager");
const managerTwo = await h.signIn("agree.manager.two@example.org", "manager");
const one = await dealership("Agreement One Motors", managerOne.userId);
const two = await dealership("Agreement Two Motors", managerTwo.userId);

const people = {
  sellerOne: await salesperson("agree.seller.one@example.org", one),
  colleagueOne: await salesperson("agree.colleague.one@example.org", one),
  sellerTwo: await salesperson("agree.seller.two@example.org", two),
  independent: await salesperson("agree.independent@example.org", null),
  managerOneSells: await salesperson("agree.manager.one@example.org", one),
};

// Staff of dealership one: its bookings, nothing else of it.
const staffOne = await h.signIn("agree.staff.one@example.org", "manager");
await h.sql`insert into dealership_members (user_id, dealership_id, role) values (${staffOne.userId}, ${one}, 'staff')`;

/** Every kind of caller, signed in for real, so each carries the ids its session would. */
const callers: Record<string, Caller | null> = {
  "signed out": null,
  customer: (await h.signIn("agree.customer@example.org")).user,
  "other customer": (await h.signIn("agree.other.customer@example.org")).user,
  "salesperson of dealership one": (await h.signIn("agree.seller.one@example.org", "salesperson")).user,
  "salesperson of dealership two": (await h.signIn("agree.seller.two@example.org", "salesperson")).user,
  "independent salesperson": (await h.signIn("agree.independent@example.org", "salesperson")).user,
  "manager of dealership one (who also sells there)": (
    await h.signIn("agree.manager.one@example.org", "manager")
  ).user,
  "manager of dealership two": (await h.signIn("agree.manager.two@example.org", "manager")).user,
  "staff of dealership one": (await h.signIn("agree.staff.one@example.org", "manager")).user,
  administrator: (await h.signIn("agree.admin@example.org", "admin")).user,
};
const customerId = callers.customer!.id;
const otherCustomerId = callers["other customer"]!.id;

type AppointmentRef = { id: number; customerId: string | null; salesperson: SalespersonRef };
const appointments: Record<string, AppointmentRef> = {};
let day = 1;
for (const [who, person] of Object.entries(people))
  for (const [booker, id] of [
    ["customer", customerId],
    ["other customer", otherCustomerId],
    ["nobody signed in", null],
  ] as const) {
    const [row] = await h.sql<{ id: number }[]>`
      insert into appointments (salesperson_id, customer_id, appointment_type, starts_at, customer_name, customer_phone)
      values (${person.id}, ${id}, 'Test Drive', now() + make_interval(days => ${day++}), 'Agreement', '5125550100')
      returning id`;
    appointments[`${who}'s appointment booked by ${booker}`] = {
      id: row!.id,
      customerId: id,
      salesperson: person,
    };
  }

/** A SQL rule and its TypeScript twin over one kind of row: the rows, how SQL reads them, what TypeScript says. */
type Twin<Row> = {
  /** The TypeScript twin itself (its name is reported). */
  twin: (...args: never[]) => unknown;
  rows: Record<string, Row>;
  /** The ids of the rows the rule lets `caller` through, read from the database with the rule as WHERE. */
  sqlAllows: (sql: Queryable, caller: Caller | null) => Promise<(number | null)[]>;
  key: (row: Row) => number | null;
  tsAllows: (caller: Caller | null, row: Row) => boolean;
};

/** The twin as the test runs it: the disagreements for one caller over every row. */
type Check = {
  twin: string;
  rows: number;
  disagreements: (name: string, caller: Caller | null) => Promise<string[]>;
};

function check<Row>(spec: Twin<Row>): Check {
  return {
    twin: spec.twin.name,
    rows: Object.keys(spec.rows).length,
    disagreements: async (callerName, caller) => {
      const allowedBySql = new Set(await spec.sqlAllows(h.sql, caller));
      const found: string[] = [];
      for (const [rowName, row] of Object.entries(spec.rows)) {
        const bySql = allowedBySql.has(spec.key(row));
        const byTs = spec.tsAllows(caller, row);
        if (bySql !== byTs) found.push(`${callerName} on ${rowName}: SQL ${bySql}, TypeScript ${byTs}`);
      }
      return found;
    },
  };
}

const dealershipRows: Record<string, number | null> = {
  "dealership one": one,
  "dealership two": two,
  "the platform (no dealership)": null,
};

const salespersonIds = Object.values(people).map((p) => p.id);
const appointmentIds = Object.values(appointments).map((a) => a.id);

/** Whose account holds each profile, as the sign-ins above linked them. */
const owners = new Map(
  (
    await h.sql<{ id: number; userId: string | null }[]>`
      select id, user_id as "userId" from salespeople where id = any(${salespersonIds})`
  ).map((r) => [r.id, r.userId]),
);

const TWINS: Record<string, Check> = {
  ownProfileSql: check<SalespersonRef>({
    twin: access.decidesOwnProfile,
    rows: people,
    key: (p) => p.id,
    tsAllows: (c, p) => access.decidesOwnProfile(c, { id: p.id, userId: owners.get(p.id) ?? null }),
    sqlAllows: async (sql, c) =>
      (
        await sql<{ id: number }[]>`
          select s.id from salespeople s where s.id = any(${salespersonIds}) and ${access.ownProfileSql(sql, c, "s")}`
      ).map((r) => r.id),
  }),
  staffSql: check<SalespersonRef>({
    twin: access.isStaffFor,
    rows: people,
    key: (p) => p.id,
    tsAllows: (c, p) => access.isStaffFor(c, p),
    sqlAllows: async (sql, c) =>
      (
        await sql<{ id: number }[]>`
          select s.id from salespeople s where s.id = any(${salespersonIds}) and ${access.staffSql(sql, c, "s")}`
      ).map((r) => r.id),
  }),
  bookingStaffSql: check<SalespersonRef>({
    twin: access.handlesBookingsFor,
    rows: people,
    key: (p) => p.id,
    tsAllows: (c, p) => access.handlesBookingsFor(c, p),
    sqlAllows: async (sql, c) =>
      (
        await sql<{ id: number }[]>`
          select s.id from salespeople s where s.id = any(${salespersonIds}) and ${access.bookingStaffSql(sql, c, "s")}`
      ).map((r) => r.id),
  }),
  dealershipStaffSql: check<number | null>({
    twin: access.managesDealership,
    rows: dealershipRows,
    key: (d) => d,
    tsAllows: (c, d) => access.managesDealership(c, d),
    sqlAllows: async (sql, c) =>
      (
        await sql<{ dealership_id: number | null }[]>`
          select t.dealership_id from (values (${one}::int), (${two}::int), (null::int)) as t(dealership_id)
           where ${access.dealershipStaffSql(sql, c, "t.dealership_id")}`
      ).map((r) => r.dealership_id),
  }),
  appointmentSql: check<AppointmentRef>({
    twin: access.appointmentSide,
    rows: appointments,
    key: (a) => a.id,
    tsAllows: (c, a) => access.appointmentSide(c, a) !== null,
    sqlAllows: async (sql, c) =>
      (
        await sql<{ id: number }[]>`
          select a.id from appointments a where a.id = any(${appointmentIds}) and ${access.appointmentSql(sql, c, "a")}`
      ).map((r) => r.id),
  }),
};

/** SQL rules that have no TypeScript twin, and why none is needed. */
const WITHOUT_TWIN: Record<string, string> = {
  subscriptionSql:
    "subscriptions are only ever read through SQL; no code decides on a subscription row in hand",
  dealershipScopeSql: "the SQL form of a scope dealershipScope already resolved; checked against it below",
  publiclyListedSql:
    "who the public sees is only decided in SQL, over the rows it reads; salesperson_listed's text is held by db-functions",
  stoppedProfilesSql: "a part of publiclyListedSql: a set of profile ids, never a decision on a row in hand",
  visibleSql: "publiclyListedSql, or staffSql for a signed-in viewer, whose twin is checked above",
};

describe("access.ts: each SQL rule agrees with its TypeScript twin", () => {
  it("has a fixture whose callers carry the relations they are named for", () => {
    const ids = (name: string) => [
      callers[name]?.salespersonId ?? null,
      callers[name]?.managedDealershipId ?? null,
    ];
    expect(ids("salesperson of dealership one")).toEqual([people.sellerOne.id, null]);
    expect(ids("salesperson of dealership two")).toEqual([people.sellerTwo.id, null]);
    expect(ids("independent salesperson")).toEqual([people.independent.id, null]);
    expect(ids("manager of dealership one (who also sells there)")).toEqual([people.managerOneSells.id, one]);
    expect(ids("manager of dealership two")).toEqual([null, two]);
    expect(ids("customer")).toEqual([null, null]);
    expect(callers.administrator?.role).toBe("admin");
  });

  it("lists every SQL rule of the module here, with its twin or the reason it has none", () => {
    const rules = Object.keys(access).filter((name) => name.endsWith("Sql"));
    expect(rules.sort()).toEqual([...Object.keys(TWINS), ...Object.keys(WITHOUT_TWIN)].sort());
  });

  for (const [rule, spec] of Object.entries(TWINS)) {
    it(`${rule} and ${spec.twin} agree for every caller on every row`, async () => {
      const disagreements: string[] = [];
      for (const [callerName, caller] of Object.entries(callers))
        disagreements.push(...(await spec.disagreements(callerName, caller)));
      expect(disagreements).toEqual([]);
    });
  }

  it("dealershipScope resolves a named dealership exactly when managesDealership holds, and covers no more", async () => {
    // Naming no dealership asks for the caller's own (a manager) or the platform (an administrator).
    const asks: Record<string, number | null> = {
      "dealership one": one,
      "dealership two": two,
      "none named": null,
    };
    const disagreements: string[] = [];
    for (const [callerName, caller] of Object.entries(callers)) {
      for (const [askName, asked] of Object.entries(asks)) {
        const allowed =
          asked === null
            ? access.isAdmin(caller) || (caller?.managedDealershipId ?? null) !== null
            : access.managesDealership(caller, asked);
        let scope: access.DealershipScope;
        try {
          scope = await access.dealershipScope(h.sql, caller, asked);
        } catch (error) {
          expect(error).toMatchObject({ kind: "FORBIDDEN", reason: "NOT_YOUR_DEALERSHIP" });
          if (allowed) disagreements.push(`${callerName} asking for ${askName}: refused`);
          continue;
        }
        if (!allowed)
          disagreements.push(`${callerName} asking for ${askName}: given ${JSON.stringify(scope)}`);
        // What the resolved scope reads is what the caller may read, and nothing beyond it.
        const covered = await h.sql<{ dealership_id: number | null }[]>`
          select t.dealership_id from (values (${one}::int), (${two}::int), (null::int)) as t(dealership_id)
           where ${access.dealershipScopeSql(h.sql, scope, "t.dealership_id")}`;
        for (const { dealership_id } of covered)
          if (!access.managesDealership(caller, dealership_id))
            disagreements.push(`${callerName} asking for ${askName}: scope covers ${dealership_id}`);
      }
    }
    expect(disagreements).toEqual([]);
  });
});
