// `npm run db:backup [-- --out <file>]`: a consistent logical backup of the app's database (DATABASE_URL, else
// the embedded PostgreSQL of DATA_DIR, started for the backup when the app is not running) into one gzip file,
// by default backups/knowbefore-<UTC timestamp>.kbdump, signed in <file>.sig; of those default names only the
// newest BACKUP_KEEP stay in their folder. Prints one line; a failure is one line and exit 1.
import path from "node:path";
import { parseArgs } from "node:util";
import {
  backupDatabase,
  defaultBackupFile,
  isDefaultBackupName,
  pruneBackups,
} from "../src/server/db/backup";
import { runDatabaseCommand } from "../src/server/db/backupCommand";
import { loadEnv } from "../src/server/env";

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

await runDatabaseCommand("backup", async (url) => {
  const summary = await backupDatabase(url, out ?? defaultBackupFile());
  const line = `wrote ${summary.file}: ${summary.tables} tables, ${summary.rows} rows, ${summary.bytes} bytes in ${summary.seconds.toFixed(1)} s`;
  if (!isDefaultBackupName(summary.file)) return line;
  const removed = pruneBackups(path.dirname(summary.file), loadEnv().BACKUP_KEEP);
  return removed.length > 0 ? `${line}; removed ${removed.length} older backups` : line;
});
