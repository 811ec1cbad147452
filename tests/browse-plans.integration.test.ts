// Browse answers from indexes at the size of the whole market, checked at a size CI can afford: the test
// database holds a few hundred salespeople, and PostgreSQL is told (pg_restore_relation_stats) that its tables
// and indexes are as large as a million salespeople's, so it plans every browse statement as it would there.
// Each filter, sort and name search the UI and the REST API offer is planned as the app sends it (the browse
// pool's generic plan, the search pool's plan for its values) and must read salespeople, the browse terms and
// the cards through an index: a sequential scan of any of them is read time that grows with the market.
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "../src/server/db/client";
import { createBrowseCache } from "../src/server/domains/salespeople/browseCache";
import { browseSalespeople } from "../src/server/domains/salespeople/service";
import { BROWSE_SPECIALTIES } from "../src/shared/constants";
import { type BrowseSalespeopleInput, browseSalespeopleInput } from "../src/shared/schemas/salespeople";
import { createHarness } from "./support/harness";

const h = await createHarness();
await h.seed(0.2);

/** The tables whose size grows with the market: none may be read whole by a browse. */
const GROWING = ["salespeople", "salesperson_terms", "salesperson_cards", "users", "ratings", "dealerships"];
/** What the test database holds, times this, is what PostgreSQL is told: ~1,000,000 salespeople. */
const [{ n } = { n: 0 }] = await h.sql<{ n: number }[]>`select count(*)::int as n from salespeople`;
const SCALE = Math.ceil(1_000_000 / n);

type Statement = { query: string; params: unknown[] };
const sent: Statement[] = [];
const pools = createDatabase(h.dbUrl, { max: 2, debug: (_, query, params) => sent.push({ query, params }) });
const explain = postgres(h.dbUrl, { max: 1, onnotice: () => {} });

beforeAll(async () => {
  await h.sql`analyze`;
  // Every table and index browse reads, as large as SCALE times what the test database holds.
  const relations = await h.sql<{ name: string; pages: number; tuples: number; visible: number }[]>`
    select c.relname as name, c.relpages as pages, c.reltuples as tuples, c.relallvisible as visible
      from pg_class c
      left join pg_index i on i.indexrelid = c.oid
      join pg_class t on t.oid = coalesce(i.indrelid, c.oid)
     where t.relname in ${h.sql(GROWING)} and t.relnamespace = 'public'::regnamespace`;
  for (const r of relations)
    await h.sql`select pg_restore_relation_stats(
      'schemaname', 'public', 'relname', ${r.name}::text,
      'relpages', ${Math.max(1, r.pages) * SCALE}::integer,
      'reltuples', ${Math.max(1, r.tuples) * SCALE}::real,
      'relallvisible', ${Math.max(1, r.visible) * SCALE}::integer)`;
});

afterAll(async () => {
  await pools.end();
  await explain.end();
});

type PlanNode = { "Node Type": string; "Relation Name"?: string; "Index Cond"?: string; Plans?: PlanNode[] };

/** Every index range a plan walks (its scans' index conditions). */
function indexRanges(node: PlanNode): string[] {
  return [...(node["Index Cond"] ? [node["Index Cond"]] : []), ...(node.Plans ?? []).flatMap(indexRanges)];
}

/** Every relation a plan reads with a sequential scan. */
function sequentialScans(node: PlanNode): string[] {
  const own = node["Node Type"] === "Seq Scan" && node["Relation Name"] ? [node["Relation Name"]] : [];
  return [...own, ...(node.Plans ?? []).flatMap(sequentialScans)];
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
 * The plans of the statements one browse sends: the browse pool's generic plan (db/client.ts keeps one per
 * statement), and the search pool's plan for the values at hand (statements that match search_text with LIKE).
 */
async function browsePlans(input: BrowseSalespeopleInput) {
  sent.length = 0;
  await browseSalespeople(
    { ...pools, browseCache: createBrowseCache({ ttlMs: 0, maxEntries: 1 }) },
    browseSalespeopleInput.parse(input),
  );
  const statements = sent.filter((s) => s.query.includes("salesperson"));
  expect(statements.length).toBeGreaterThan(0);
  const plans: PlanNode[] = [];
  for (const { query, params } of statements) {
    type Explained = { "QUERY PLAN": { Plan: PlanNode }[] };
    const [row] = /\blike\b/.test(query)
      ? await explain.unsafe<Explained[]>(`explain (format json) ${query}`, params as never[])
      : await explain.unsafe<Explained[]>(`explain (generic_plan, format json) ${query}`);
    plans.push(row!["QUERY PLAN"][0]!.Plan);
  }
  return plans;
}

const specialty = BROWSE_SPECIALTIES[0];
const [{ city, prefix } = { city: "", prefix: "" }] = await h.sql<{ city: string; prefix: string }[]>`
  select city::text, lower(left(name, 3)) as prefix from salespeople limit 1`;

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
  { sort: "pressure" },
  { sort: "pressure", city },
  { sort: "pressure", minPressure: 4 },
  { sort: "pressure", rating: "4", offset: 24 },
  { city, minPressure: 3 },
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
    "%s reads no growing table whole, and sorts none",
    async (_, input) => {
      const plans = await browsePlans(input);
      const growing = (relations: string[]) => relations.filter((relation) => GROWING.includes(relation));
      expect(growing(plans.flatMap(sequentialScans))).toEqual([]);
      expect(growing(plans.flatMap(sortedScans))).toEqual([]);
      // A cursor's page starts at its place in the walk: the row comparison is a range of the index, not a
      // filter of every entry before it.
      if (input.after)
        expect(plans.flatMap(indexRanges).filter((range) => range.includes("ROW("))).not.toEqual([]);
    },
  );
});
