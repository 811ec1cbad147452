// `npm run db:restore-drill`: restores the newest backup of BACKUP_DIR into a scratch database on the live
// database's server (DATABASE_URL, else the embedded PostgreSQL of DATA_DIR, started for the drill when the app
// is not running), checks it and drops it again (src/server/operations/restoreDrill.ts). Prints one line per check and
// a verdict; exit 0 when every check passed, else 1. The live database is only read.
import { parseArgs } from "node:util";
import { runDatabaseCommand } from "../src/server/operations/backupCommand";
import { BackupError } from "../src/server/operations/backupFile";
import { drillVerdict, restoreDrill } from "../src/server/operations/restoreDrill";

try {
  parseArgs({ options: {}, strict: true });
} catch (error) {
  console.error(
    `db:restore-drill: ${(error as Error).message.split("\n")[0]}: use npm run db:restore-drill (it drills the newest backup of BACKUP_DIR)`,
  );
  process.exit(1);
}

await runDatabaseCommand("restore-drill", async (url, env) => {
  const { file, checks } = await restoreDrill(url, env, (line) => console.log(line));
  const verdict = drillVerdict(file, checks);
  if (!verdict.ok) throw new BackupError(verdict.line);
  return verdict.line;
});
