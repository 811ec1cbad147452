// Runs before `npm start` builds anything: when this checkout's server is already running (the process in
// DATA_DIR/pg.owner lives), say so in one line and stop, so its built client is not replaced under it.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dotEnv = path.join(root, ".env");
if (existsSync(dotEnv) && process.loadEnvFile) process.loadEnvFile(dotEnv);
if (!process.env.DATABASE_URL) {
  const dataDir = path.resolve(root, process.env.DATA_DIR || ".data");
  const owner = path.join(dataDir, "pg.owner");
  const pid = existsSync(owner) ? Number(readFileSync(owner, "utf8").split("\n")[0]) : 0;
  let alive = false;
  if (Number.isInteger(pid) && pid > 0) {
    try {
      process.kill(pid, 0);
      alive = true;
    } catch (error) {
      alive = error.code === "EPERM";
    }
  }
  if (alive) {
    process.stderr.write(
      `KnowBefore could not start: another start (process ${pid}) is already running with DATA_DIR ${dataDir}: stop it first, or give this one its own DATA_DIR\n`,
    );
    process.exit(1);
  }
}
