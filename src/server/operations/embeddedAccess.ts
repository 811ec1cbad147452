// How the embedded cluster of a DATA_DIR is reached: its superuser's password (random, kept in DATA_DIR/pg.password,
// 0600, where the backup scripts read it too), the URL a connection uses, and the app running it, for commands
// run beside that app. embedded.ts starts and stops the cluster.
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { keptPort, runningStarter } from "./embeddedClaim";
import { USER } from "./embeddedInstall";

/** The fixed password clusters were once made with: replaced by a random one at their next start. */
export const LEGACY_PASSWORD = "postgres";
export const PASSWORD_FILE = "pg.password";

/** The superuser password of DATA_DIR's embedded cluster, or null when none was kept yet. */
export function embeddedPassword(dataDir: string): string | null {
  const file = path.join(path.resolve(dataDir), PASSWORD_FILE);
  return existsSync(file) ? readFileSync(file, "utf8").trim() || null : null;
}

/** The connection URL of DATA_DIR's embedded cluster on `port`. */
export function embeddedUrl(dataDir: string, port: number, database = "knowbefore"): string {
  const password = embeddedPassword(dataDir) ?? LEGACY_PASSWORD;
  return `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

/**
 * The embedded cluster of DATA_DIR while the app that started it runs: that process, and the URL a command run
 * beside it connects with (the port in pg.port, else `port`, and the password in pg.password; null when the
 * port cannot be told). Null when no app runs on DATA_DIR.
 */
export function runningEmbedded(
  dataDir: string,
  port?: number,
): { starter: number; url: string | null } | null {
  const starter = runningStarter(dataDir);
  if (!starter) return null;
  const on = keptPort(dataDir) ?? port;
  return { starter, url: on ? embeddedUrl(dataDir, on) : null };
}

/** What a command run beside the app says when the app's cluster runs on a port it cannot tell. */
export function unknownPortProblem(running: { starter: number }, dataDir: string): string {
  return `the app (process ${running.starter}) runs the embedded PostgreSQL of ${dataDir} on a port this command cannot tell: set EMBEDDED_PG_PORT as the app has it`;
}

/** The kept password, or a new random one written (readable by this user only) for the cluster to take. */
export function keptPassword(dataDir: string): { password: string; made: boolean } {
  const kept = embeddedPassword(dataDir);
  if (kept) return { password: kept, made: false };
  const password = randomBytes(24).toString("base64url");
  writeFileSync(path.join(dataDir, PASSWORD_FILE), `${password}\n`, { mode: 0o600 });
  return { password, made: true };
}
