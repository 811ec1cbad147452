// The demo seed is written whole or not at all: a seed cut off leaves the database as it found it, so the next
// start seeds it again instead of serving half of it as if it were done.
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_ACCOUNTS, isSeeded, seedDatabase } from "../src/server/seed/demo";
import { DEMO_GROUP_NAME } from "../src/server/seed/group";
import { PLANS, type PlanId, salespersonLimit } from "../src/shared/plans";

const serverUrl = inject("pgServerUrl");
const database = `seed_${randomBytes(6).toString("hex")}`;
const admin = postgres(`${serverUrl}/postgres`, { max: 1, onnotice: () => {} });
let sql: postgres.Sql;

beforeAll(async () => {
  await admin.unsafe(`create database ${database} template template_kb`);
  sql = postgres(`${serverUrl}/${database}`, { max: 2, onnotice: () => {} });
});

afterAll(async () => {
  await sql.end();
  await admin.unsafe(`drop database if exists ${database} with (force)`);
  await admin.end();
});

/** Rows of the tables the seed writes first and last, and whether browse's triggers are on. */
async function state() {
  const [row] = await sql<{ dealerships: number; salespeople: number; visits: number; terms: number }[]>`
    select (select count(*)::int from dealerships) as dealerships,
           (select count(*)::int from salespeople) as salespeople,
           (select count(*)::int from appointments) as visits,
           (select count(*)::int from salesperson_terms) as terms`;
  const triggers = await sql<{ name: string; enabled: string }[]>`
    select tgname as name, tgenabled as enabled from pg_trigger
     where tgname in ('salespeople_terms', 'salespeople_card', 'appointment_events_live') order by tgname`;
  return { ...row, triggers: triggers.map((t) => `${t.name} ${t.enabled}`) };
}

/**
 * Every index and constraint of the database by its definition: the seed drops some of its tables' indexes and
 * foreign keys while it writes them and adds them again (seed/writtenInBulk.ts), and leaves the schema as the
 * migrations made it.
 */
async function schema() {
  const rows = await sql<{ definition: string }[]>`
    select indexdef as definition from pg_indexes where schemaname = 'public'
    union all
    select conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) from pg_constraint
     where connamespace = 'public'::regnamespace
    order by 1`;
  return rows.map((row) => row.definition);
}

const TRIGGERS_ON = ["appointment_events_live O", "salespeople_card O", "salespeople_terms O"];

describe("the demo seed", () => {
  it("cut off after its visits were written, leaves no row and its triggers on; seeded again, it is done", async () => {
    const migrated = await schema();
    expect(migrated).toContainEqual(expect.stringContaining("salesperson_terms_city_walk_idx"));
    expect(migrated).toContainEqual(expect.stringContaining("appointment_events_actor_id_users_id_fk"));
    const cutOff = seedDatabase(sql, {
      scale: 0.01,
      passwordCost: 1024,
      log: (line) => {
        if (line.includes("past visits and their ratings")) throw new Error("the server was stopped");
      },
    });
    await expect(cutOff).rejects.toThrow("the server was stopped");
    expect(await state()).toEqual({
      dealerships: 0,
      salespeople: 0,
      visits: 0,
      terms: 0,
      triggers: TRIGGERS_ON,
    });
    expect(await isSeeded(sql)).toBe(false);
    expect(await schema()).toEqual(migrated);

    // Again at the size `npm start` seeds, whose larger teams the plan checks below need.
    const counts = await seedDatabase(sql, { scale: 1, passwordCost: 1024 });
    const after = await state();
    expect(after.dealerships).toBe(counts.dealerships);
    expect(after.salespeople).toBe(counts.salespeople);
    expect(after.visits).toBeGreaterThan(0);
    expect(after.terms).toBeGreaterThan(0);
    expect(after.triggers).toEqual(TRIGGERS_ON);
    expect(await isSeeded(sql)).toBe(true);
    expect(await schema()).toEqual(migrated);
  });

  it("holds the demo dealer group: three Texas dealerships and their group owner", async () => {
    const rows = await sql<{ state: string; role: string; email: string }[]>`
      select d.state, m.role, u.email from dealer_groups g
        join dealerships d on d.group_id = g.id
        join dealer_group_members m on m.group_id = g.id
        join users u on u.id = m.user_id
       where g.name = ${DEMO_GROUP_NAME} and g.demo`;
    expect(rows).toEqual(
      Array.from({ length: 3 }, () => ({
        state: "TX",
        role: "group_owner",
        email: DEMO_ACCOUNTS.groupOwner,
      })),
    );
  });

  it("gives every dealership on a paid plan room for its whole team", async () => {
    const plans = await sql<{ plan: PlanId; seats: number; team: number }[]>`
      select s.plan, s.seats,
             (select count(*)::int from salespeople p where p.dealership_id = s.dealership_id) as team
        from subscriptions s where s.dealership_id is not null and s.status in ('trialing', 'active', 'past_due')`;
    expect(plans.length).toBeGreaterThan(0);
    const over = plans.filter((row) => row.team > (salespersonLimit(PLANS[row.plan], row.seats) ?? row.team));
    expect(over).toEqual([]);
  });
});
