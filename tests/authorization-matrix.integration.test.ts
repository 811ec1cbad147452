// Authorisation matrix (SECURITY.md): {signed out, customer, salesperson, manager, admin} x procedures that
// act on objects x {own object, someone else's object} against the expected allow/deny table.
import { describe, expect, it } from "vitest";
import { seedDatabase } from "../src/server/db/seed";
import { createHarness } from "./support/harness";

const h = await createHarness({ RATE_LIMIT_DISABLED: "true" });
await seedDatabase(h.sql, { scale: 0.05 });

type Role = "anonymous" | "customer" | "salesperson" | "manager" | "admin";
const ROLES: Role[] = ["anonymous", "customer", "salesperson", "manager", "admin"];

// Two dealerships, each with a manager and a salesperson; two customers.
const [a, b] = await h.sql<{ id: number; dealership_id: number; email: string; manager_email: string }[]>`
  select distinct on (s.dealership_id) s.id, s.dealership_id, s.email, u.email as manager_email
    from salespeople s join dealerships d on d.id = s.dealership_id join users u on u.id = d.manager_id
   order by s.dealership_id, s.id limit 2`;
const sessions = {
  customer: await h.signIn("matrix.customer@example.org"),
  otherCustomer: await h.signIn("matrix.other@example.org"),
  salesperson: await h.signIn(a!.email, "salesperson"),
  manager: await h.signIn(a!.manager_email, "manager"),
  admin: await h.signIn("matrix.admin@example.org", "admin"),
};

function callerFor(role: Role) {
  if (role === "anonymous") return h.caller();
  const s = sessions[role];
  return h.caller({ user: s.user, session: { id: "s", userId: s.userId, expiresAt: new Date() } });
}

async function appointment(customerId: string, salespersonId: number, daysAhead: number) {
  const [row] = await h.sql<{ id: number }[]>`
    insert into appointments (salesperson_id, customer_id, appointment_type, starts_at, customer_name, customer_phone)
    values (${salespersonId}, ${customerId}, 'Test Drive', now() + make_interval(days => ${daysAhead}) + random() * interval '1 hour',
            'Matrix', '5125550100') returning id`;
  return row!.id;
}

type Case = {
  name: string;
  /** Runs the call for a role on the "own" or the "other" object (ids are created fresh for every call). */
  run: (role: Role, whose: "own" | "other") => Promise<unknown>;
  /** Roles allowed on their own object, and on someone else's. */
  own: Role[];
  other: Role[];
};

let day = 10;
const cases: Case[] = [
  {
    name: "appointments.forCustomer",
    run: (role, whose) =>
      callerFor(role).appointments.forCustomer({
        userId:
          whose === "own" && role !== "anonymous"
            ? role === "customer"
              ? sessions.customer.userId
              : sessions[role].userId
            : sessions.otherCustomer.userId,
      }),
    own: ["customer", "salesperson", "manager", "admin"],
    other: [],
  },
  {
    name: "appointments.cancel",
    run: async (role, whose) => {
      const owner = whose === "own" ? sessions.customer.userId : sessions.otherCustomer.userId;
      const salesperson = whose === "own" ? a!.id : b!.id;
      const id = await appointment(owner, salesperson, day++);
      return callerFor(role).appointments.cancel({ id });
    },
    own: ["customer", "salesperson", "manager"],
    other: [],
  },
  {
    name: "appointments.updateStatus",
    run: async (role, whose) => {
      const id = await appointment(sessions.otherCustomer.userId, whose === "own" ? a!.id : b!.id, day++);
      return callerFor(role).appointments.updateStatus({ id, status: "completed" });
    },
    own: ["salesperson", "manager"],
    other: [],
  },
  {
    name: "portal.update",
    run: (role, whose) =>
      callerFor(role).portal.update({ id: whose === "own" ? a!.id : b!.id, bio: `bio ${role}` }),
    own: ["salesperson", "manager", "admin"],
    other: ["admin"],
  },
  {
    name: "portal.verify",
    run: (role, whose) => callerFor(role).portal.verify({ salespersonId: whose === "own" ? a!.id : b!.id }),
    own: ["manager"],
    other: [],
  },
  {
    name: "availability.forSalesperson",
    run: (role, whose) =>
      callerFor(role).availability.forSalesperson({ id: whose === "own" ? a!.id : b!.id }),
    own: ["salesperson", "manager"],
    other: [],
  },
  {
    name: "auth.userById",
    run: (role, whose) =>
      callerFor(role).auth.userById({
        id: whose === "own" && role !== "anonymous" ? sessions[role].userId : sessions.otherCustomer.userId,
      }),
    own: ["customer", "salesperson", "manager", "admin"],
    other: ["admin"],
  },
  {
    name: "reports.cases",
    run: (role) => callerFor(role).reports.cases(),
    own: ["manager", "admin"],
    other: ["manager", "admin"],
  },
  {
    name: "reviews.openFlags",
    run: (role) => callerFor(role).reviews.openFlags(),
    own: ["admin"],
    other: ["admin"],
  },
  {
    name: "admin.verify",
    run: (role) => callerFor(role).admin.verify(),
    own: ["admin"],
    other: ["admin"],
  },
];

describe("authorisation matrix", () => {
  it("matches the expected allow/deny table for every role, procedure and owner", async () => {
    const mismatches: string[] = [];
    for (const c of cases) {
      for (const role of ROLES) {
        for (const whose of ["own", "other"] as const) {
          const expected = (whose === "own" ? c.own : c.other).includes(role);
          let allowed = true;
          let code = "";
          try {
            await c.run(role, whose);
          } catch (error) {
            code = (error as { code?: string }).code ?? "?";
            if (["UNAUTHORIZED", "FORBIDDEN"].includes(code)) allowed = false;
            else if (code !== "CONFLICT") throw error;
          }
          if (allowed !== expected)
            mismatches.push(`${c.name} ${role} ${whose}: ${allowed ? "allowed" : `denied (${code})`}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
});
