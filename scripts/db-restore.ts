// `npm run db:restore -- <file> [--yes]`: restores a backup made by db:backup into the app's database
// (DATABASE_URL, else the embedded PostgreSQL of DATA_DIR). A database that holds data is only replaced with
// --yes; the app must be stopped. The file must match its signature (<file>.sig), and everyone in the target's
// erasure journal is erased again after the copy. Prints one line; a failure is one line and exit 1, with
// the target unchanged.
import { parseArgs } from "node:util";
import { runDatabaseCommand } from "../src/server/operations/backupCommand";
import { restoreDatabase } from "../src/server/operations/restore";

const USAGE = "npm run db:restore -- <file> [--yes]";

function fail(message: string): never {
  console.error(`db:restore: ${message}`);
  process.exit(1);
}

let file: string | undefined;
let yes = false;
try {
  const { values, positionals } = parseArgs({
    options: { yes: { type: "boolean" } },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length > 1) throw new Error(`one backup file at a time, not ${positionals.length}`);
  file = positionals[0];
  yes = values.yes === true;
} catch (error) {
  fail(`${(error as Error).message.split("\n")[0]}: use ${USAGE}`);
}
if (!file) fail(`name the backup file to restore: ${USAGE}`);

await runDatabaseCommand("restore", async (url) => {
  const summary = await restoreDatabase(url, file, { replace: yes });
  const newer = summary.migrationsApplied > 0 ? `, then ${summary.migrationsApplied} newer migrations` : "";
  const erased =
    summary.erasuresReapplied > 0 ? `, ${summary.erasuresReapplied} erased accounts erased again` : "";
  return `restored ${summary.file}: ${summary.tables} tables, ${summary.rows} rows, ${summary.bytes} bytes in ${summary.seconds.toFixed(1)} s${newer}${erased}`;
});
