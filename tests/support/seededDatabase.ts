// A database of one test file's own, cloned from the migrated template and seeded, for server processes that
// share it (two instances on one PostgreSQL). Dropped when the file is done: best effort and bounded, as the
// test cluster is thrown away after the run anyway (see server-process.ts).
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { inject } from "vitest";
import { seedDatabase } from "../../src/server/seed/demo";

export async function seededDatabase(prefix: string, scale: number) {
  const serverUrl = inject("pgServerUrl");
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const admin = postgres(`${serverUrl}/postgres`, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name} template template_kb`);
  const sql = postgres(`${serverUrl}/${name}`, { max: 4, onnotice: () => {} });
  await seedDatabase(sql, { scale });
  return {
    name,
    sql,
    async drop(): Promise<void> {
      await sql.end();
      await Promise.race([
        admin.unsafe(`drop database if exists ${name} with (force)`).catch(() => {}),
        new Promise((resolve) => setTimeout(resolve, 10_000)),
      ]);
      await admin.end({ timeout: 1 });
    },
  };
}
