// `npm run db:backup [-- --out <file>]`: a consistent logical backup of the app's database (DATABASE_URL, else
// the embedded PostgreSQL of DATA_DIR, started for the backup when the app is not running) into one gzip file,
// by default BACKUP_DIR/knowbefore-<UTC timestamp>.kbdump, signed in <file>.sig and read back to check it; of
// those default names, the ones older than BACKUP_KEEP_DAYS leave their folder (the newest always stays).
// Prints one line; a failure is one line and exit 1.
import { parseArgs } from "node:util";
import { takeBackup } from "../src/server/operations/backup";
import { runDatabaseCommand } from "../src/server/operations/backupCommand";

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

await runDatabaseCommand("backup", async (url, env) => {
  const summary = await takeBackup(url, env, out);
  const line = `wrote ${summary.file}: ${summary.tables} tables, ${summary.rows} rows, ${summary.bytes} bytes in ${summary.seconds.toFixed(1)} s, checked`;
  return summary.removed.length > 0
    ? `${line}; removed ${summary.removed.length} backups older than ${env.BACKUP_KEEP_DAYS} days`
    : line;
});
