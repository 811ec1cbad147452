// `npm run db:backup [-- --out <file>]`: a consistent logical backup of the app's database (DATABASE_URL, else
// the embedded PostgreSQL of DATA_DIR, started for the backup when the app is not running) into one gzip file,
// by default backups/knowbefore-<UTC timestamp>.kbdump. Prints one line; a failure is one line and exit 1.
import { parseArgs } from "node:util";
import { backupDatabase, defaultBackupFile, describeFailure, openDatabaseFor } from "../src/server/db/backup";
import { loadDotEnv, loadEnv } from "../src/server/env";

function fail(message: string): never {
  console.error(`db:backup: ${message}`);
  process.exit(1);
}

let out: string | undefined;
try {
  ({
    values: { out },
  } = parseArgs({ options: { out: { type: "string" } }, strict: true }));
} catch (error) {
  fail(`${(error as Error).message.split("\n")[0]}: use npm run db:backup [-- --out <file>]`);
}

let env: ReturnType<typeof loadEnv>;
try {
  loadDotEnv();
  env = loadEnv();
} catch (error) {
  fail((error as Error).message);
}

let database: Awaited<ReturnType<typeof openDatabaseFor>> | undefined;
let outcome: string;
let ok = false;
try {
  database = await openDatabaseFor(env, "backup");
  const summary = await backupDatabase(database.url, out ?? defaultBackupFile());
  outcome = `db:backup: wrote ${summary.file}: ${summary.tables} tables, ${summary.rows} rows, ${summary.bytes} bytes in ${summary.seconds.toFixed(1)} s`;
  ok = true;
} catch (error) {
  outcome = describeFailure(error, "backup", database?.url ?? env.DATABASE_URL);
} finally {
  // Close first (an embedded PostgreSQL started for the backup stops with it), then say how it went.
  await database?.close().catch(() => {});
}
if (ok) console.log(outcome);
else fail(outcome);
