// The embedded PostgreSQL's superuser password: random, made with the cluster and kept 0600 in DATA_DIR (where
// the backup scripts read it); a cluster still on the old fixed password gets a random one at its next start.
import { mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import {
  embeddedPassword,
  embeddedUrl,
  removeOutsideCluster,
  startEmbeddedPostgres,
} from "../src/server/operations/embedded";
import { PROJECT_ROOT } from "../src/server/paths";

const scratch = path.join(PROJECT_ROOT, ".data");
mkdirSync(scratch, { recursive: true });
const dataDir = mkdtempSync(path.join(scratch, "pg-password-"));

afterAll(() => {
  removeOutsideCluster(dataDir);
  rmSync(dataDir, { recursive: true, force: true });
});

/** The SQLSTATE of signing in as postgres with `password`, or "ok". */
async function signInWith(port: number, password: string): Promise<string> {
  const sql = postgres({ host: "127.0.0.1", port, user: "postgres", password, database: "postgres", max: 1 });
  try {
    await sql`select 1`;
    return "ok";
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

describe("the embedded superuser's password", () => {
  it("is random, kept 0600 in DATA_DIR, and 'postgres' is refused; an old cluster is moved off the fixed one", async () => {
    let db = await startEmbeddedPostgres({ dataDir });
    try {
      const password = embeddedPassword(dataDir);
      expect(password).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(statSync(path.join(dataDir, "pg.password")).mode & 0o777).toBe(0o600);
      expect(db.url).toBe(embeddedUrl(dataDir, db.port));
      expect(await signInWith(db.port, password!)).toBe("ok");
      expect(await signInWith(db.port, "postgres")).toBe("28P01");

      // A cluster made before random passwords: the fixed one, and no kept file.
      const admin = postgres(db.url, { max: 1 });
      await admin.unsafe("alter role postgres password 'postgres'");
      await admin.end({ timeout: 5 });
      rmSync(path.join(dataDir, "pg.password"));
    } finally {
      await db.stop();
    }
    const lines: string[] = [];
    db = await startEmbeddedPostgres({ dataDir, log: (line) => lines.push(line) });
    try {
      const rotated = embeddedPassword(dataDir);
      expect(rotated).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(await signInWith(db.port, rotated!)).toBe("ok");
      expect(await signInWith(db.port, "postgres")).toBe("28P01");
      expect(lines.join("\n")).toMatch(/old fixed password/);
    } finally {
      await db.stop();
    }
  });
});
