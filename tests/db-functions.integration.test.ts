// Each function the migrations leave in the database is kept as its latest migration defines it, in
// src/server/db/functions/<name>.sql (pg_get_functiondef's text, overloads one after the other): a function
// without its file, a file without its function, or a text that differs fails here. So do the numbers SQL
// states that a TypeScript constant states too.
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { searchPieces, TERM } from "../src/server/domains/salespeople/termCounts";
import { projectPath } from "../src/server/paths";
import { SLOT_MINUTES } from "../src/shared/slots";

const FOLDER = projectPath("src/server/db/functions");
const serverUrl = inject("pgServerUrl");
const database = `functions_${randomBytes(6).toString("hex")}`;
const admin = postgres(`${serverUrl}/postgres`, { max: 1, onnotice: () => {} });
let sql: postgres.Sql;

beforeAll(async () => {
  await admin.unsafe(`create database ${database} template template_kb`);
  sql = postgres(`${serverUrl}/${database}`, { max: 1, onnotice: () => {} });
});

afterAll(async () => {
  await sql.end();
  await admin.unsafe(`drop database if exists ${database} with (force)`);
  await admin.end();
});

/** Trailing blanks and the text's ends do not count. */
const normalized = (text: string) => text.replace(/[ \t]+$/gm, "").trim();

describe("the database's functions", () => {
  it("are each in a file of src/server/db/functions holding its text", async () => {
    const defined = await sql<{ name: string; text: string }[]>`
      select p.proname as name,
             string_agg(pg_get_functiondef(p.oid), E'\n' order by p.oid::regprocedure::text collate "C") as text
        from pg_proc p
       where p.pronamespace = 'public'::regnamespace
         and not exists (select 1 from pg_depend d
                          where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
       group by p.proname`;
    const files = readdirSync(FOLDER).filter((file) => file.endsWith(".sql"));
    expect(
      Object.fromEntries(
        files.map((file) => [file.slice(0, -4), normalized(readFileSync(`${FOLDER}/${file}`, "utf8"))]),
      ),
    ).toEqual(Object.fromEntries(defined.map((f) => [f.name, normalized(f.text)])));
  });

  it("state a default visit's length and browse's terms as the TypeScript constants do", async () => {
    const [row] = await sql<{ minutes: number; terms: string[] }[]>`
      select extract(epoch from upper(slot) - lower(slot))::int / 60 as minutes,
             salesperson_terms_of('maria', array['Used Cars'], 1) as terms
        from appointment_span(now(), (select column_default::int from information_schema.columns
                                        where table_name = 'appointments' and column_name = 'duration_minutes')) slot`;
    expect(row!.minutes).toBe(SLOT_MINUTES);
    expect(row!.terms.sort()).toEqual(
      [
        ...searchPieces("maria").map((p) => p.term),
        `${TERM.specialty}Used Cars`,
        TERM.verifiedPurchase,
      ].sort(),
    );
  });
});
