// Public reads answer from indexes at the size of the whole market, checked at a size CI can afford: the test
// database holds a few hundred salespeople, and PostgreSQL is told (pg_restore_relation_stats) that its tables
// and indexes are as large as a million salespeople's, so it plans every statement as it would there. Each
// browse filter, sort, name search and cursor the UI and the REST API offer, and each public read of a
// profile, its reviews and its slots, is planned as the app sends it (the browse pool's generic plan; the
// search pool's and the main pool's plan for the values at hand) and must read the tables that grow with the
// market through an index: a sequential scan of one is read time that grows with the market.
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Caller } from "../src/server/access";
import { loadOwnAppointmentRow } from "../src/server/domains/appointments/views";
import { refreshAgedAverages } from "../src/server/domains/reviews/aging";
import { BROWSE_SPECIALTIES } from "../src/shared/constants";
import type { BrowseSalespeopleInput } from "../src/shared/schemas/salespeople";
import { createHarness } from "./support/harness";

type Statement = { query: string; params: unknown[] };
const sent: Statement[] = [];
// The database's walks (the browse index, which answers most browses from memory, is off here).
const h = await createHarness(
  { BROWSE_INDEX: "false" },
  { statements: (query, params) => sent.push({ query, params }) },
);
// No job changes a row while the plans are read: the same seed gives the same statistics on every run.
await h.deps.jobs.pause();
await h.seed(0.2);
// What the demo data has none of: an empty table has no density to scale (below), and is read whole for free.
await h.sql`
  insert into rating_replies (rating_id, salesperson_id, body)
  select id, salesperson_id, 'Thank you for the visit.' from ratings where id % 3 = 0`;
await h.sql`
  insert into availability_blocks (salesperson_id, title, starts_at, ends_at, is_recurring)
  select id, 'Training', now() + (id % 20) * interval '1 day', now() + (id % 20) * interval '1 day' + interval '2 hours',
         id % 5 = 0
    from salespeople`;

/** The tables whose size grows with the market: none may be read whole by a public read. */
const GROWING = [
  "salespeople",
  "salesperson_terms",
  "salesperson_cards",
  "users",
  "ratings",
  "dealerships",
  "appointments",
  "availability_blocks",
  "certifications",
  "rating_replies",
];
/**
 * What the test database holds, times this, is what PostgreSQL is told: ~1,000,000 salespeople. The planner
 * takes a table's pages from its file and its rows as the stored rows per stored page times those, so the
 * stored row count is scaled and the pages kept: each page holds SCALE times the rows, and every estimate of
 * rows (and the CPU cost of reading them) is the market's.
 */
const [{ n } = { n: 0 }] = await h.sql<{ n: number }[]>`select count(*)::int as n from salespeople`;
const SCALE = Math.ceil(1_000_000 / n);

const explain = postgres(h.dbUrl, { max: 1, onnotice: () => {} });

beforeAll(async () => {
  // Left alone by autovacuum, whose ANALYZE and VACUUM would write the tables' true sizes back.
  for (const table of GROWING) await h.sql`alter table ${h.sql(table)} set (autovacuum_enabled = false)`;
  // Browse's terms are three-character pieces of names, cities and dealership names, and the specialties: how
  // many there are does not grow with the market (1,054 at 105,600 salespeople), so each term's entries do.
  // A few hundred salespeople hold nearly as many terms as entries, which ANALYZE would take for a column
  // whose distinct values grow with its rows, a term of a million salespeople then having a couple of entries.
  await h.sql`alter table salesperson_terms alter column term set (n_distinct = 1054)`;
  // The market's salespeople work at about 18,000 dealerships, some 55 each; the test database's at a few each,
  // which ANALYZE would take for a number of dealerships that grows with the salespeople.
  await h.sql`alter table salespeople alter column dealership_id set (n_distinct = 18000)`;
  // Vacuumed as autovacuum keeps a market's tables: their pages all visible, so an index-only walk reads no rows.
  await h.sql`vacuum analyze`;
  // Every table and index public reads use, as large as SCALE times what the test database holds.
  const relations = await h.sql<{ name: string; pages: number; tuples: number; visible: number }[]>`
    select c.relname as name, c.relpages as pages, c.reltuples as tuples, c.relallvisible as visible
      from pg_class c
      left join pg_index i on i.indexrelid = c.oid
      join pg_class t on t.oid = coalesce(i.indrelid, c.oid)
     where t.relname in ${h.sql(GROWING)} and t.relnamespace = 'public'::regnamespace`;
  for (const r of relations)
    await h.sql`select pg_restore_relation_stats(
      'schemaname', 'public', 'relname', ${r.name}::text,
      'relpages', ${Math.max(1, r.pages)}::integer,
      'reltuples', ${Math.max(1, r.tuples) * SCALE}::real,
      'relallvisible', ${Math.max(1, r.visible)}::integer)`;
});

afterAll(async () => {
  await explain.end();
});

type PlanNode = { "Node Type": string; "Relation Name"?: string; "Index Cond"?: string; Plans?: PlanNode[] };

/** Every index range a plan walks (its scans' index conditions). */
function indexRanges(node: PlanNode): string[] {
  return [...(node["Index Cond"] ? [node["Index Cond"]] : []), ...(node.Plans ?? []).flatMap(indexRanges)];
}

/** Every index a plan reads. */
function indexesRead(node: PlanNode & { "Index Name"?: string }): string[] {
  return [...(node["Index Name"] ? [node["Index Name"]] : []), ...(node.Plans ?? []).flatMap(indexesRead)];
}

/** Every relation a plan reads with a sequential scan. */
function sequentialScans(node: PlanNode): string[] {
  const own = node["Node Type"] === "Seq Scan" && node["Relation Name"] ? [node["Relation Name"]] : [];
  return [...own, ...(node.Plans ?? []).flatMap(sequentialScans)];
}

/**
 * Every relation a plan reads through a bitmap: every row its conditions match, in no order. A browse reads a
 * salesperson's row only by its key, for an entry its walk reached: joined to salespeople, a name search read
 * every row its pattern matches so (through the trigram index), and sorted them after a hash join.
 */
function bitmapScans(node: PlanNode): string[] {
  const own =
    node["Node Type"] === "Bitmap Heap Scan" && node["Relation Name"] ? [node["Relation Name"]] : [];
  return [...own, ...(node.Plans ?? []).flatMap(bitmapScans)];
}

/**
 * How a plan reads salespeople's rows for the entries of a term walk (the lateral lookup by key, aliased `s`):
 * the kind of scan and its index, for each such lookup.
 */
function rowLookups(node: PlanNode & { Alias?: string; "Index Name"?: string }): string[] {
  const own =
    node["Relation Name"] === "salespeople" && /^s(_\d+)?$/.test(node.Alias ?? "")
      ? [`${node["Node Type"]} using ${node["Index Name"]}`]
      : [];
  return [...own, ...(node.Plans ?? []).flatMap(rowLookups)];
}

/**
 * Every relation whose rows a plan sorts as it reads them: a walk that is not already in the order asked for
 * sorts all the matches (or all of each tied group) to find one page.
 */
function sortedScans(node: PlanNode): string[] {
  const children = node.Plans ?? [];
  const own = /Sort$/.test(node["Node Type"])
    ? children.flatMap((child) => (child["Relation Name"] ? [child["Relation Name"]] : []))
    : [];
  return [...own, ...children.flatMap(sortedScans)];
}

/**
 * The plans of the statements one public GET sends: a browse page's generic plan, as the browse pool keeps one
 * per statement (db/client.ts), unless it matches search_text with LIKE (the search pool plans for the values);
 * every other statement's plan for its values, as the main pool's first runs of a statement are planned.
 */
async function plansOf(path: string) {
  sent.length = 0;
  const answer = await h.request("GET", path);
  expect(answer.status, path).toBe(200);
  const statements = sent.filter((s) => GROWING.some((table) => s.query.includes(table)));
  expect(statements.length, path).toBeGreaterThan(0);
  const plans: PlanNode[] = [];
  for (const { query, params } of statements) {
    type Explained = { "QUERY PLAN": { Plan: PlanNode }[] };
    const generic = query.includes("counted.matches") && !/\blike\b/.test(query);
    const [row] = generic
      ? await explain.unsafe<Explained[]>(`explain (generic_plan, format json) ${query}`)
      : await explain.unsafe<Explained[]>(`explain (format json) ${query}`, params as never[]);
    plans.push(row!["QUERY PLAN"][0]!.Plan);
  }
  return plans;
}

/** The relations of GROWING among those given. */
const growing = (relations: string[]) => relations.filter((relation) => GROWING.includes(relation));

const specialty = BROWSE_SPECIALTIES[0];
const [{ city, prefix } = { city: "", prefix: "" }] = await h.sql<{ city: string; prefix: string }[]>`
  select city::text, lower(left(name, 3)) as prefix from salespeople limit 1`;
/** The commonest first name: a longer search that many salespeople match. */
const [{ firstName } = { firstName: "" }] = await h.sql<{ firstName: string }[]>`
  select lower(split_part(name, ' ', 1)) as "firstName" from salespeople group by 1 order by count(*) desc, 1 limit 1`;

/** Each filter, sort and search the browse page and GET /api/salespeople offer, alone and as the page combines them. */
const CASES: BrowseSalespeopleInput[] = [
  {},
  { offset: 120 },
  { city },
  { rating: "4" },
  { rating: "5", offset: 48 },
  { specialty },
  { yearsOfExperience: 10 },
  { status: "available" },
  { minPressure: 4 },
  { verifiedPurchases: true },
  { search: prefix },
  { search: `${prefix}a` },
  { search: firstName },
  { search: firstName, city },
  { sort: "pressure" },
  { sort: "pressure", city },
  { sort: "pressure", minPressure: 4 },
  { sort: "pressure", rating: "4", offset: 24 },
  { city, minPressure: 3 },
  { specialty, minPressure: 3 },
  { city, rating: "4", specialty },
  { city, specialty, offset: 24 },
  { search: prefix, specialty },
  { search: prefix, yearsOfExperience: 5 },
  { specialty, yearsOfExperience: 20 },
  { city, search: prefix },
  { rating: "4", verifiedPurchases: true },
  { sort: "pressure", verifiedPurchases: true },
  { after: "r4.50_10_100" },
  { city, after: "r4.50_10_100" },
  { specialty, rating: "3", after: "r3.00_2_50" },
  { search: prefix, after: "r3.00_2_50" },
  { sort: "pressure", after: "p3.20_5_100" },
  { sort: "pressure", after: "p0_0_100" },
  { sort: "pressure", city, after: "p4.00_3_10" },
];

describe("browse plans at a million salespeople", () => {
  it.each(CASES.map((input) => [JSON.stringify(input), input] as const))(
    "%s reads no growing table whole, sorts none, and reads salespeople by key from an index",
    async (_, input) => {
      const query = new URLSearchParams(Object.entries(input).map(([key, value]) => [key, String(value)]));
      const plans = await plansOf(`/api/salespeople?${query}`);
      expect(growing(plans.flatMap(sequentialScans))).toEqual([]);
      expect(growing(plans.flatMap(sortedScans))).toEqual([]);
      expect(plans.flatMap(bitmapScans).filter((relation) => relation === "salespeople")).toEqual([]);
      // A term walk checks what only the row can tell from an index that holds it, not from the table's pages,
      // most of which a market's buffers do not hold: one read of the table for each entry walked.
      if (plans.some((plan) => JSON.stringify(plan).includes('"salesperson_terms"')))
        for (const lookup of plans.flatMap(rowLookups))
          expect(lookup).toBe("Index Only Scan using salespeople_row_checks_idx");
      // A cursor's page starts at its place in the walk: the row comparison is a range of the index, not a
      // filter of every entry before it.
      if (input.after) {
        expect(plans.flatMap(indexRanges).filter((range) => range.includes("ROW("))).not.toEqual([]);
        // The rest of the cursor's own tie starts at its id too, however many share its rating and reviews.
        expect(plans.flatMap(indexRanges).filter((range) => /(\b|_)id > /.test(range))).not.toEqual([]);
      }
    },
  );
});

describe("the term a name search walks", () => {
  it("is its rarest piece: for a common name with a letter no name follows it with, that last piece", async () => {
    const search = `${firstName}q`;
    const last = `g:${search.slice(-3)}`;
    const [{ entries } = { entries: -1 }] = await h.sql<{ entries: number }[]>`
      select count(*)::int as entries from salesperson_terms where term = ${last}`;
    expect(entries).toBe(0);
    const plans = await plansOf(`/api/salespeople?search=${search}`);
    expect(plans.flatMap(indexRanges).filter((range) => range.startsWith("(term = '"))).toEqual([
      `(term = '${last}'::text)`,
      `(term = '${last}'::text)`,
    ]);
  });
});

const [person] = await h.sql<{ id: number }[]>`
  select s.id from salespeople s
   where exists (select 1 from ratings r where r.salesperson_id = s.id)
     and exists (select 1 from appointments a where a.salesperson_id = s.id)
   order by s.id limit 1`;
const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

describe("public reads of one salesperson at a million salespeople", () => {
  it.each([
    `/api/salespeople/${person!.id}`,
    `/api/salespeople/${person!.id}/ratings`,
    `/api/salespeople/${person!.id}/reviews`,
    `/api/appointments/salesperson/${person!.id}/${inAWeek}`,
  ])("%s reads no growing table whole", async (path) => {
    const plans = await plansOf(path);
    expect(growing(plans.flatMap(sequentialScans))).toEqual([]);
  });
});

describe("an appointment's reads by whose it is, at a million salespeople", () => {
  // A statement the app prepares is planned for its values five times; then PostgreSQL keeps one plan for all
  // values unless the plans for the values at hand cost less. The condition of whose an appointment is had a
  // branch for the caller's salesperson profile and one for their dealership, given a customer's nulls: the
  // branches folded away in a plan for the values at hand, which then cost less, so every statement with the
  // condition was planned again at every call (0.2-0.6 ms of the database's time at 105,600 salespeople, as much
  // as running it). Each kind of caller now sends only the branches that can hold for it, and the plan is kept.
  const nobody = {
    salespersonId: null,
    managedDealershipId: null,
    dealershipId: null,
    dealershipRole: null,
    groupId: null,
    groupRole: null,
  } as const;
  it.each(["customer", "salesperson", "manager"] as const)(
    "read by its %s is planned five times, then its plan kept",
    async (kind) => {
      const [visit] = await h.sql<
        { id: number; customer_id: string; salesperson_id: number; dealership_id: number }[]
      >`
      select a.id, a.customer_id, a.salesperson_id, s.dealership_id
        from appointments a join salespeople s on s.id = a.salesperson_id
       where a.customer_id is not null and s.dealership_id is not null
       order by a.id limit 1`;
      const callers: Record<typeof kind, Caller> = {
        customer: { ...nobody, id: visit!.customer_id, role: "customer" },
        salesperson: {
          ...nobody,
          id: "00000000-0000-4000-8000-000000000001",
          role: "salesperson",
          salespersonId: visit!.salesperson_id,
          dealershipId: visit!.dealership_id,
          dealershipRole: "staff",
        },
        manager: {
          ...nobody,
          id: "00000000-0000-4000-8000-000000000002",
          role: "manager",
          managedDealershipId: visit!.dealership_id,
          dealershipId: visit!.dealership_id,
          dealershipRole: "owner",
        },
      };
      // A session of its own: prepared statements and their plans belong to one.
      const db = postgres(h.dbUrl, { max: 1, onnotice: () => {} });
      try {
        for (let i = 0; i < 12; i++) {
          const row = await loadOwnAppointmentRow(db, callers[kind], visit!.id);
          expect(row?.id).toBe(visit!.id);
        }
        const plans = await db<{ generic: number; custom: number }[]>`
        select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements
         where statement like '%from appointments a%' and statement not like '%pg_prepared_statements%'`;
        expect(plans).toEqual([{ generic: 7, custom: 5 }]);
      } finally {
        await db.end();
      }
    },
  );
});

describe("background jobs at a million salespeople", () => {
  it("the daily review aging reads the few days' reviews that crossed the window, not every review", async () => {
    sent.length = 0;
    await refreshAgedAverages(h.sql);
    const [due] = sent.filter((s) => s.query.includes("from ratings"));
    type Explained = { "QUERY PLAN": { Plan: PlanNode }[] };
    const [row] = await explain.unsafe<Explained[]>(
      `explain (format json) ${due!.query}`,
      due!.params as never[],
    );
    const plan = row!["QUERY PLAN"][0]!.Plan;
    expect(sequentialScans(plan)).toEqual([]);
    // An index that leads with when a review was written: another with it further in (the salesperson's, by
    // date) is read whole, every salesperson's reviews, to find the days asked for.
    expect(indexesRead(plan)).toEqual(["ratings_aging_idx"]);
  });
});
