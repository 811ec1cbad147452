// The export of an access or portability request: every column (but secrets) of every row tied to the user,
// table by table, as personalData.ts derives from the schema. Answered as JSON, or as a zip of one CSV per
// table beside the same JSON.
import { strToU8, zipSync } from "fflate";
import { toCsv } from "../../../shared/csv";
import type { Queryable } from "../../db/client";
import { joinSql } from "../../db/client";
import {
  COUNTED_ONLY,
  exportedColumns,
  isLinked,
  OTHER_PARTY_COLUMNS,
  personalDataMap,
  type TableLinks,
} from "./personalData";

export type Subject = { userId: string; email: string; salespersonIds: number[] };

export type PersonalDataExport = {
  format: "knowbefore-personal-data-export";
  version: 1;
  generatedAt: string;
  subject: { userId: string; email: string };
  tables: Record<string, { columns: string[]; rows: Record<string, unknown>[] }>;
  /** Third parties' records about the subject's profile, counted only (see COUNTED_ONLY), e.g. reports by status. */
  aboutYou: Record<string, Record<string, number>>;
};

export async function findSubject(sql: Queryable, userId: string): Promise<Subject | null> {
  const [user] = await sql<{ email: string }[]>`select email::text as email from users where id = ${userId}`;
  if (!user) return null;
  const people = await sql<{ id: number }[]>`
    select id from salespeople where user_id = ${userId} or email = ${user.email}`;
  return { userId, email: user.email, salespersonIds: people.map((p) => p.id) };
}

/** The rows of a table that are the subject's own (their user id, their address, or a parent they own). */
function ownCondition(sql: Queryable, t: TableLinks, subject: Subject, map: Map<string, TableLinks>) {
  const parts = [
    ...t.userColumns.map((c) => sql`${sql(c)} = ${subject.userId}`),
    ...t.emailColumns.map((c) => sql`${sql(c)}::text = ${subject.email}`),
  ];
  const parent = t.through ? map.get(t.through.parent) : undefined;
  if (t.through && parent) {
    parts.push(
      sql`${sql(t.through.column)} in (select id from ${sql(parent.name)} where ${anyCondition(sql, parent, subject, map)})`,
    );
  }
  return parts.length > 0 ? joinSql(sql, parts, "or") : sql`false`;
}

function salespersonCondition(sql: Queryable, t: TableLinks, subject: Subject) {
  if (t.salespersonColumns.length === 0 || subject.salespersonIds.length === 0) return sql`false`;
  return joinSql(
    sql,
    t.salespersonColumns.map((c) => sql`${sql(c)} in ${sql(subject.salespersonIds)}`),
    "or",
  );
}

function anyCondition(sql: Queryable, t: TableLinks, subject: Subject, map: Map<string, TableLinks>) {
  return sql`(${ownCondition(sql, t, subject, map)}) or (${salespersonCondition(sql, t, subject)})`;
}

function plain(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value)) return value.toString("base64");
  if (typeof value === "bigint") return value.toString();
  return value;
}

export async function buildExport(sql: Queryable, subject: Subject): Promise<PersonalDataExport> {
  const tables = personalDataMap().filter(isLinked);
  const map = new Map(tables.map((t) => [t.name, t]));
  const out: PersonalDataExport["tables"] = {};
  const aboutYou: PersonalDataExport["aboutYou"] = {};
  for (const t of tables) {
    const columns = exportedColumns(t);
    const own = await sql<Record<string, unknown>[]>`
      select ${sql(columns)} from ${sql(t.name)} where ${ownCondition(sql, t, subject, map)}`;
    // Rows about the subject's salesperson profile that are not their own: without other people's details.
    const hidden = new Set([...(OTHER_PARTY_COLUMNS[t.name] ?? []), ...t.userColumns]);
    const theirs = columns.filter((c) => !hidden.has(c));
    const reached = t.salespersonColumns.length > 0 && subject.salespersonIds.length > 0;
    const countedBy = COUNTED_ONLY[t.name];
    if (reached && countedBy) {
      const groups = await sql<{ value: string; n: number }[]>`
        select ${sql(countedBy)}::text as value, count(*)::int as n from ${sql(t.name)}
         where (${salespersonCondition(sql, t, subject)})
           and not coalesce((${ownCondition(sql, t, subject, map)}), false)
         group by 1 order by 1`;
      if (groups.length > 0) aboutYou[t.name] = Object.fromEntries(groups.map((g) => [g.value, g.n]));
    }
    const about =
      reached && !countedBy
        ? await sql<Record<string, unknown>[]>`
            select ${sql(theirs)} from ${sql(t.name)}
             where (${salespersonCondition(sql, t, subject)})
               and not coalesce((${ownCondition(sql, t, subject, map)}), false)`
        : [];
    const rows = [...own, ...about].map((row) =>
      Object.fromEntries(columns.map((c) => [c, c in row ? plain(row[c]) : null])),
    );
    out[t.name] = { columns, rows };
  }
  return {
    format: "knowbefore-personal-data-export",
    version: 1,
    generatedAt: new Date().toISOString(),
    subject: { userId: subject.userId, email: subject.email },
    tables: out,
    aboutYou,
  };
}

/** Row counts per table, for the request's summary. */
export function exportSummary(data: PersonalDataExport) {
  const counts = Object.fromEntries(
    Object.entries(data.tables)
      .filter(([, t]) => t.rows.length > 0)
      .map(([name, t]) => [name, t.rows.length]),
  );
  return {
    tables: Object.keys(counts).length,
    rows: Object.values(counts).reduce((a, b) => a + b, 0),
    perTable: counts,
  };
}

function tableCsv(columns: string[], rows: Record<string, unknown>[]): string {
  return toCsv(
    columns,
    rows.map((row) => columns.map((c) => row[c])),
  );
}

/** A zip of the export: export.json, one CSV per table that has rows, and a README. */
export function exportZip(data: PersonalDataExport): Uint8Array {
  const files: Record<string, Uint8Array> = {
    "export.json": strToU8(JSON.stringify(data, null, 2)),
    "README.txt": strToU8(
      `Personal data held by KnowBefore about ${data.subject.email}, exported ${data.generatedAt}.\r\n` +
        "export.json holds everything; each CSV file holds one table's rows (UTF-8, comma-separated).\r\n",
    ),
  };
  for (const [name, table] of Object.entries(data.tables)) {
    if (table.rows.length > 0) files[`${name}.csv`] = strToU8(tableCsv(table.columns, table.rows));
  }
  return zipSync(files, { level: 6 });
}
