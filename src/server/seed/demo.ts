// Deterministic demo data: dealerships in real US cities, salespeople, customers, and past visits with ratings.
// Every average and count shown in the product is computed from the rows written here.
import { randomBytes } from "node:crypto";
import { APPOINTMENT_TYPES, BROWSE_SPECIALTIES, SELF_EDIT_SPECIALTIES } from "../../shared/constants";
import { weekdayOf } from "../../shared/openingHours";
import { REVIEW_COOLDOWN_DAYS } from "../../shared/reviews";
import { addDays, fromZoned, todayIn } from "../../shared/time";
import { hashPassword } from "../credentials/password";
import { loadCities } from "../db/cities";
import { type Queryable, type Sql, withoutStatementTimeout } from "../db/client";
import type { AppointmentRow, SalespersonRow, UserRow } from "../db/rows";
import { UNTRACKED_VISIT_EVIDENCE } from "../domains/appointments/statusTrail";
import { publishedReview } from "../domains/reviews/published";
import { insertBatched, insertChunks } from "./batches";
import { DEMO_HOURS, writeDealerships } from "./dealerships";
import { deriveBrowseData } from "./derived";
import { seedDealerGroup } from "./group";
import { seedBusinessHistory } from "./history";
import { seedStaffQueues } from "./queues";
import { seedTrustDemo } from "./trust";
import { BIOS, CRITICISM, FIRST, LAST, PRAISE, rng } from "./words";
import { withIndexesAndKeysAfter } from "./writtenInBulk";

export const DEMO_ACCOUNTS = {
  customer: "alex.morgan@example.com",
  salesperson: "sam.rivera@example.com",
  manager: "morgan.lee@example.com",
  /** The owner of the demo dealer group (Lone Star Auto Group), who reaches its three dealerships. */
  groupOwner: "casey.morales@example.com",
  admin: "admin@example.com",
} as const;

/** The demo's second buyer (Jordan Smith), with a disputed no-show; the purchase journey signs in as them. */
export const DEMO_SECOND_BUYER = "jordan.smith@example.com";

/** Demo-only credentials, printed in the README; set ADMIN_CODE in any real deployment. */
export const DEMO_ADMIN_PASSWORD = "demo-admin-password";

export const BASE_SALESPEOPLE = 1320;
/** Salespeople the demo manager's dealership starts with (below the Basic plan's limit of 10). */
const DEMO_DEALERSHIP_TEAM = 6;
const CUSTOMERS = 400;
/** Rows given their ids and written together, at most. */
const WRITE_WINDOW = 50_000;

export async function isSeeded(sql: Sql): Promise<boolean> {
  const [row] = await sql<{ n: number }[]>`select count(*)::int as n from dealerships`;
  return (row?.n ?? 0) > 0;
}

type SeedOptions = {
  scale?: number;
  seed?: number;
  adminPassword?: string;
  /** scrypt's cost for the administrator's password (ADMIN_PASSWORD_SCRYPT_N; OWASP's by default). */
  passwordCost?: number;
  log?: (line: string) => void;
};

/**
 * The demo data as a server seeds it (on its first start, or `npm run seed`): the demo administrator gets the
 * published password only while the published demo admin code is in force, which env.ts allows only on a
 * server bound to this machine. Anywhere else (a shared demo, production with SEED_ON_START) it gets a random
 * password, told once to whoever starts the server.
 */
export async function seedDemoData(
  sql: Sql,
  options: { scale: number; adminCodeIsDemo: boolean; passwordCost?: number; log: (line: string) => void },
) {
  const adminPassword = options.adminCodeIsDemo ? DEMO_ADMIN_PASSWORD : randomBytes(15).toString("base64url");
  const { scale, passwordCost, log } = options;
  const counts = await seedDatabase(sql, { scale, adminPassword, passwordCost, log });
  if (!options.adminCodeIsDemo)
    options.log(
      `demo administrator ${DEMO_ACCOUNTS.admin} has the password ${adminPassword} (shown this once; set another with npm run admin:create)`,
    );
  return counts;
}

/**
 * Writes the demo data into an empty, migrated database, in one transaction: a seed cut off (a crash, a full
 * disk, a stopped server) leaves the database empty, and the next start seeds it again, where a half-written
 * seed was taken for a finished one (any dealership counts as seeded) and served as it was.
 */
export async function seedDatabase(
  sql: Sql,
  options: SeedOptions = {},
): Promise<{ dealerships: number; salespeople: number; customers: number; ratings: number }> {
  // A large scale writes statements longer than the pool's statement timeout allows a request.
  return withoutStatementTimeout(sql, async (connection) => {
    // A reserved connection has no begin(): the transaction is stated, and rolled back on any failure.
    await connection`begin`;
    let counts: Awaited<ReturnType<typeof writeDemoData>>;
    try {
      counts = await writeAll(connection, options);
      await connection`commit`;
    } catch (error) {
      await connection`rollback`.catch(() => {});
      throw error;
    }
    // Every table written is read through index-only scans, which need the pages marked all-visible.
    const committed = Date.now();
    await connection`vacuum analyze`;
    options.log?.(`seed: vacuumed and analyzed (${Date.now() - committed} ms)`);
    return counts;
  });
}

/** Everything the seed writes, on the connection its transaction holds. */
async function writeAll(tx: Queryable, options: SeedOptions) {
  // Browse's terms, cards and open times are derived in one pass at the end (derived.ts): kept row by
  // row, every salesperson's would be rewritten at each step that touches them (their ratings are set
  // last). The visits' status trail is history, news to no open page: its live events (drizzle/0029) are
  // not written (at scale 20 they were 26 of the seed's 45 seconds). Triggers turned off inside the
  // transaction are back on whether it commits or not.
  await tx`alter table salespeople disable trigger salespeople_terms`;
  await tx`alter table salespeople disable trigger salespeople_card`;
  await tx`alter table appointment_events disable trigger appointment_events_live`;
  const written = await writeDemoData(tx, options);
  await tx`alter table appointment_events enable trigger appointment_events_live`;
  await deriveBrowseData(tx, options.log ?? (() => {}));
  await tx`alter table salespeople enable trigger salespeople_terms`;
  await tx`alter table salespeople enable trigger salespeople_card`;
  return written;
}

async function writeDemoData(sql: Queryable, options: SeedOptions) {
  const scale = options.scale ?? 1;
  const r = rng(options.seed ?? 20261121);
  const log = options.log ?? (() => {});
  const cities = loadCities();
  const started = Date.now();
  const now = started;

  const { dealers, managerByEmail } = await writeDealerships(sql, r, cities, DEMO_ACCOUNTS.manager);

  // Customers.
  const customerRows = Array.from({ length: CUSTOMERS }, (_, i) => {
    // The second is the demo's other buyer, Jordan Smith (names still drawn: every later row stays as it was).
    const [drawnFirst, drawnLast] = i === 0 ? [] : [r.pick(FIRST), r.pick(LAST)];
    const first = i === 0 ? "Alex" : i === 1 ? "Jordan" : drawnFirst!;
    const last = i === 0 ? "Morgan" : i === 1 ? "Smith" : drawnLast!;
    const home = r.pick(cities);
    return {
      email:
        i === 0
          ? DEMO_ACCOUNTS.customer
          : i === 1
            ? DEMO_SECOND_BUYER
            : `${first}.${last}.${i}@example.net`.toLowerCase(),
      first_name: first,
      last_name: last,
      role: "customer",
      city: home.city,
      state: home.state,
      phone: `(${r.int(201, 989)}) 555-${String(r.int(100, 9999)).padStart(4, "0")}`,
    };
  });
  const customers = await sql<Pick<UserRow, "id">[]>`insert into users ${sql(customerRows)} returning id`;

  await sql`insert into users (email, first_name, last_name, role, password_hash)
            values (${DEMO_ACCOUNTS.admin}, 'Avery', 'Admin', 'admin', ${await hashPassword(options.adminPassword ?? DEMO_ADMIN_PASSWORD, options.passwordCost)})`;

  // Salespeople: about 8% independent, the rest spread over the dealerships.
  const total = Math.round(BASE_SALESPEOPLE * scale);
  const statuses = ["available", "available", "available", "busy", "busy", "unavailable", "offline"] as const;
  const people: Record<string, unknown>[] = [];
  const quality: number[] = [];
  let demoTeam = 0;
  for (let i = 0; i < total; i++) {
    const independent = i > 0 && r.chance(0.08);
    let dealer = i === 0 ? dealers[0]! : r.pick(dealers);
    // The demo manager's dealership stays under the Basic plan's salesperson limit, so adding a salesperson
    // works in the demo; the others it would have had go to the other dealerships (same random stream).
    if (dealer === dealers[0] && !independent && ++demoTeam > DEMO_DEALERSHIP_TEAM) {
      dealer = dealers[1 + (i % (dealers.length - 1))]!;
    }
    const home = independent ? r.pick(cities) : null;
    const first = i === 0 ? "Sam" : r.pick(FIRST);
    const last = i === 0 ? "Rivera" : r.pick(LAST);
    const specialties = new Set<string>([r.pick(BROWSE_SPECIALTIES)]);
    if (r.chance(0.7)) specialties.add(r.pick(BROWSE_SPECIALTIES));
    if (r.chance(0.6)) specialties.add(r.pick(SELF_EDIT_SPECIALTIES));
    if (r.chance(0.3)) specialties.add(r.pick(SELF_EDIT_SPECIALTIES));
    people.push({
      name: `${first} ${last}`,
      email: i === 0 ? DEMO_ACCOUNTS.salesperson : `${first}.${last}.${i}@sales.example.com`.toLowerCase(),
      phone_number: r.chance(0.9)
        ? `(${r.int(201, 989)}) 555-${String(r.int(100, 9999)).padStart(4, "0")}`
        : null,
      dealership_id: independent ? null : dealer.id,
      bio: r.chance(0.85) ? r.pick(BIOS) : null,
      status: i === 0 ? "available" : r.pick(statuses),
      specialties: [...specialties],
      years_of_experience: Math.min(50, Math.floor(r.next() ** 1.6 * 40)),
      city: independent ? home!.city : dealer.city,
      state: independent ? home!.state : dealer.state,
      time_zone: independent ? home!.timeZone : dealer.time_zone,
      payment_model: independent ? "individual" : r.chance(0.8) ? "dealership" : "individual",
      verified_at: independent ? null : new Date(now).toISOString(),
      // Demo profiles show their (fictional) work e-mail, so a visitor can sign in as any of them.
      show_email: true,
      demo: true,
    });
    quality.push(i === 0 ? 4.6 : 3.0 + r.next() ** 0.7 * 2.3);
  }
  // Past completed visits, each rated by its customer. Fewer per person at large scales keep seeding fast. They
  // are drawn before anything is written, so each salesperson is written with their averages (no second write
  // of every salesperson), and the visits with the evidence a visit without a trail rests on.
  const maxRatings = scale > 4 ? 5 : 14;
  const appointments: (Record<string, unknown> & { salespersonIndex: number })[] = [];
  const ratingPlan: { salespersonIndex: number; customer: string; q: number; startsAt: Date }[] = [];
  for (let s = 0; s < people.length; s++) {
    const n = s === 0 ? 12 : r.chance(0.12) ? 0 : r.int(1, maxRatings);
    for (let k = 0; k < n; k++) {
      const drawn = r.int(3, 360);
      // The demo customer's own reviews of the demo salesperson are older than the days the review rules keep
      // between two reviews of one salesperson, so the demo's review journey can start at once (the draw is
      // still made: the random stream, and every later row, stay the same).
      const dayOffset = s === 0 && k < 2 ? Math.max(drawn, REVIEW_COOLDOWN_DAYS + 10 + k) : drawn;
      const startsAt = new Date(now - dayOffset * 86_400_000);
      startsAt.setUTCHours(r.int(14, 23), r.chance(0.5) ? 0 : 30, 0, 0);
      const customer = s === 0 && k < 2 ? customers[0]!.id : r.pick(customers).id;
      ratingPlan.push({ salespersonIndex: s, customer, q: quality[s]!, startsAt });
      appointments.push({
        salespersonIndex: s,
        customer_id: customer,
        appointment_type: r.pick(APPOINTMENT_TYPES),
        starts_at: startsAt.toISOString(),
        status: "completed",
        customer_name: "Verified customer",
        customer_phone: "(555) 555-0100",
        completed_at: new Date(startsAt.getTime() + 3_600_000).toISOString(),
        visit_evidence: UNTRACKED_VISIT_EVIDENCE,
        // Booked one to ten days ahead of the visit (no draw from the random stream: the rows stay the same).
        created_at: new Date(startsAt.getTime() - (((s + k) % 10) + 1) * 86_400_000).toISOString(),
        demo: true,
      });
    }
  }
  const score = (q: number, spread = 0.9) =>
    Math.max(1, Math.min(5, Math.round(q + (r.next() - 0.5) * 2 * spread)));
  const reviewed = people.map(() => ({ overall: 0, pressure: 0, n: 0 }));
  const ratings = ratingPlan.map((p) => {
    const overall = score(p.q);
    const helpfulness = score(p.q);
    const pressure = score(p.q + 0.2, 1.2);
    const communication = score(p.q);
    const sums = reviewed[p.salespersonIndex]!;
    sums.overall += overall;
    sums.pressure += pressure;
    sums.n++;
    return {
      salespersonIndex: p.salespersonIndex,
      user_id: p.customer,
      overall_rating: overall,
      helpfulness_rating: helpfulness,
      pressure_level_rating: pressure,
      communication_rating: communication,
      // From the scores already drawn, so the seed's random sequence (and every later row) stays as it was.
      knowledge_rating: Math.round((overall + helpfulness + communication) / 3),
      comment: r.chance(0.75) ? r.pick(overall >= 4 ? PRAISE : CRITICISM) : null,
      visit_date: p.startsAt.toISOString().slice(0, 10),
      created_at: new Date(Math.min(now, p.startsAt.getTime() + r.int(2, 72) * 3_600_000)).toISOString(),
      demo: true,
    };
  });
  // Averages as the rollup at the end computes them (round(avg(...), 2)), which then finds little to change.
  // Every row names the same columns: a batch's insert takes its columns from its first row.
  people.forEach((person, i) => {
    const sums = reviewed[i]!;
    Object.assign(person, {
      average_rating: sums.n === 0 ? 0 : roundedAverage(sums.overall, sums.n),
      pressure_average: sums.n === 0 ? null : roundedAverage(sums.pressure, sums.n),
      total_reviews: sums.n,
    });
  });

  await withIndexesAndKeysAfter(sql, ["salespeople"], () => insertBatched(sql, "salespeople", people));
  const ids = await sql<Pick<SalespersonRow, "id">[]>`select id from salespeople order by id`;
  log(
    `seed: ${dealers.length} dealerships, ${customers.length} customers, ${ids.length} salespeople (${Date.now() - started} ms)`,
  );
  // The rows get their salespeople's (and visits') ids a window at a time: a copy of every visit and review at
  // once would double what a seed of a million salespeople holds in memory. Both tables' own indexes are built
  // and their foreign keys checked after their rows (writtenInBulk.ts), before anything below reads them.
  const appointmentIds: number[] = [];
  await withIndexesAndKeysAfter(sql, ["appointments", "ratings"], async () => {
    for (let i = 0; i < appointments.length; i += WRITE_WINDOW) {
      const batch = appointments
        .slice(i, i + WRITE_WINDOW)
        .map(({ salespersonIndex, ...row }) => ({ ...row, salesperson_id: ids[salespersonIndex]!.id }));
      for (const chunk of insertChunks(batch)) {
        const rows = await sql<
          Pick<AppointmentRow, "id">[]
        >`insert into appointments ${sql(chunk as never)} returning id`;
        appointmentIds.push(...rows.map((row) => row.id));
      }
    }
    for (let i = 0; i < ratings.length; i += WRITE_WINDOW) {
      const batch = ratings.slice(i, i + WRITE_WINDOW).map(({ salespersonIndex, ...row }, k) => ({
        ...row,
        salesperson_id: ids[salespersonIndex]!.id,
        appointment_id: appointmentIds[i + k]!,
      }));
      await insertBatched(sql, "ratings", batch);
    }
  });
  log(`seed: ${appointments.length} past visits and their ratings (${Date.now() - started} ms)`);

  // A recent completed visit the demo customer has not rated yet: the review flow starts from it.
  const visited = new Date(now - 2 * 86_400_000);
  visited.setUTCHours(16, 0, 0, 0);
  await sql`insert into appointments (salesperson_id, customer_id, appointment_type, starts_at, status, customer_name, customer_phone, customer_email, completed_at, demo)
            values (${ids[0]!.id}, ${customers[0]!.id}, 'Test Drive', ${visited.toISOString()}, 'completed', 'Alex Morgan', '(555) 555-0142', ${DEMO_ACCOUNTS.customer}, ${new Date(visited.getTime() + 3_600_000).toISOString()}, true)`;

  // Upcoming visits for the demo salesperson, so dashboards have something scheduled: on the next three
  // weekdays, at 10:00, 11:00 and 12:00 in the dealership's zone, inside its opening hours.
  const demoCustomer = customers[0]!.id;
  const demoZone = dealers[0]!.time_zone;
  let visitDay = todayIn(demoZone, new Date(now));
  for (let d = 1; d <= 3; d++) {
    do visitDay = addDays(visitDay, 1);
    while (DEMO_HOURS[weekdayOf(visitDay)] === null || weekdayOf(visitDay) === "saturday");
    const startsAt = fromZoned(visitDay, `${9 + d}:00`, demoZone);
    await sql`insert into appointments (salesperson_id, customer_id, appointment_type, starts_at, customer_name, customer_phone, customer_email, demo)
              values (${ids[0]!.id}, ${d === 1 ? demoCustomer : r.pick(customers).id}, ${APPOINTMENT_TYPES[d]!}, ${startsAt.toISOString()}, ${d === 1 ? "Alex Morgan" : "Jordan Smith"}, '(555) 555-0142', ${d === 1 ? DEMO_ACCOUNTS.customer : null}, true)`;
  }

  const demoManager = managerByEmail.get(DEMO_ACCOUNTS.manager)!;
  await seedStaffQueues(sql, {
    random: r,
    demoDealershipId: dealers[0]!.id,
    otherDealershipId: dealers[1]?.id,
    demoSalespersonId: ids[0]!.id,
    demoManager,
  });

  // A year of business: cancelled and missed visits, completed ones nobody rated, and plans paid monthly or
  // yearly, so every business-intelligence chart reads real rows. A separate random stream leaves the rows
  // above unchanged.
  const history = await seedBusinessHistory(sql, {
    random: rng((options.seed ?? 20261121) + 1),
    now,
    salespeople: ids.slice(1).map((row) => row.id),
    customers: customers.slice(1).map((row) => row.id),
  });
  log(
    `seed: ${history.appointments} more visits, ${history.subscriptions} subscriptions, ${history.payments} payments (${Date.now() - started} ms)`,
  );

  await seedDealerGroup(sql, dealers, {
    email: DEMO_ACCOUNTS.groupOwner,
    firstName: "Casey",
    lastName: "Morales",
  });

  await seedTrustDemo(sql, {
    now,
    salespersonId: ids[0]!.id,
    managerId: demoManager,
    customerIds: customers.slice(0, 4).map((row) => row.id),
    customerEmail: DEMO_ACCOUNTS.customer,
  });

  await sql`
    update salespeople s set average_rating = agg.avg, total_reviews = agg.n, pressure_average = agg.pressure,
                             verified_purchase_reviews = agg.purchases
      from (select salesperson_id, round(avg(overall_rating), 2) as avg, count(*)::int as n,
                   round(avg(pressure_level_rating), 2) as pressure,
                   count(*) filter (where purchase_claim_id is not null)::int as purchases
              from ratings where ${publishedReview(sql)} group by salesperson_id) agg
     where agg.salesperson_id = s.id
       and (s.average_rating, s.total_reviews, s.pressure_average, s.verified_purchase_reviews)
           is distinct from (agg.avg, agg.n, agg.pressure, agg.purchases)`;
  log(`seed: averages written (${Date.now() - started} ms)`);
  // The statistics the derivation of browse's terms and cards is planned with; VACUUM waits for the commit.
  await sql`analyze`;
  log(`seed: ${ratings.length} rated visits; done in ${Date.now() - started} ms`);
  return {
    dealerships: dealers.length,
    salespeople: ids.length,
    customers: customers.length,
    ratings: ratings.length,
  };
}

/** `round(sum / n, 2)` as PostgreSQL's numeric gives it (halves away from zero), as text: "4.13" for 33 / 8. */
function roundedAverage(sum: number, n: number): string {
  const hundredths = Math.floor((200 * sum + n) / (2 * n));
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, "0")}`;
}
