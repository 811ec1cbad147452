// An operator's first run on the built-in (embedded) database, as the README tells it: the server starts empty,
// and `npm run admin:create` run beside it (another terminal, the same DATA_DIR) connects to the running
// cluster with the port and password the server kept in DATA_DIR, instead of refusing or starting a second
// one; the administrator it makes has the name given, which the invitations they send show. DATA_DIR/pg.port
// names the cluster's port however it was chosen, EMBEDDED_PG_PORT included, so a second instance's
// DATABASE_URL is postgres://postgres:<pg.password>@127.0.0.1:<pg.port>/knowbefore in every case.
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeOutsideCluster, startEmbeddedPostgres } from "../src/server/operations/embedded";
import { PROJECT_ROOT } from "../src/server/paths";
import { type BuiltServer, bundleServer, launchBuilt, stopBuilt, untilReady } from "./support/built-server";
import { freePort } from "./support/server-process";
import { startSmtpSink } from "./support/smtp-sink";

const ADMIN_CODE = "first-run-admin-code";
let bundle: ReturnType<typeof bundleServer>;
let scratch = "";
const servers: BuiltServer[] = [];
const dataDirs: string[] = [];
const smtp = await startSmtpSink();

beforeAll(() => {
  bundle = bundleServer();
  mkdirSync(path.join(PROJECT_ROOT, ".data"), { recursive: true });
  scratch = mkdtempSync(path.join(PROJECT_ROOT, ".data", "first-run-"));
});

afterAll(async () => {
  await Promise.all(servers.map((s) => stopBuilt(s, "SIGKILL", true)));
  for (const dir of dataDirs) removeOutsideCluster(dir);
  rmSync(scratch, { recursive: true, force: true });
  bundle.remove();
  await smtp.close();
}, 60_000);

function newDataDir(name: string): string {
  const dir = path.join(scratch, name);
  dataDirs.push(dir);
  return dir;
}

/** The URL the README derives from DATA_DIR: its pg.password and pg.port. */
function derivedUrl(dataDir: string): string {
  const password = readFileSync(path.join(dataDir, "pg.password"), "utf8").trim();
  const port = Number(readFileSync(path.join(dataDir, "pg.port"), "utf8").trim());
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/knowbefore`;
}

/** `npm run admin:create` as an operator runs it in a second terminal: only DATA_DIR names the database. */
async function adminCreate(dataDir: string, args: string[]) {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      path.join(PROJECT_ROOT, "node_modules", ".bin", "tsx"),
      [path.join(PROJECT_ROOT, "scripts", "admin-create.ts"), ...args],
      {
        cwd: PROJECT_ROOT,
        env: {
          PATH: process.env.PATH ?? "/usr/bin:/bin",
          HOME: process.env.HOME ?? "/tmp",
          NODE_ENV: "development",
          DATA_DIR: dataDir,
          ADMIN_CODE,
          ADMIN_PASSWORD: "first-run-passphrase",
        },
        timeout: 60_000,
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

async function waitForMail(to: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = smtp.messages.find((m) => m.to.includes(to));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("the first run on the embedded database", () => {
  it("keeps pg.port when EMBEDDED_PG_PORT fixes the port, so the README's DATABASE_URL reaches the cluster", async () => {
    const dataDir = newDataDir("fixed-port");
    const port = await freePort();
    const db = await startEmbeddedPostgres({ dataDir, port, persistent: false });
    try {
      expect(Number(readFileSync(path.join(dataDir, "pg.port"), "utf8"))).toBe(port);
      const sql = postgres(derivedUrl(dataDir), { max: 1, onnotice: () => {} });
      const [row] = await sql<{ db: string }[]>`select current_database() as db`;
      await sql.end({ timeout: 5 });
      expect(row?.db).toBe("knowbefore");
    } finally {
      await db.stop();
    }
  }, 60_000);

  it("admin:create works beside the running server, names the administrator, and their invitations show the name", async () => {
    const dataDir = newDataDir("app");
    const server = await launchBuilt(bundle.entry, {
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      ADMIN_CODE,
      RATE_LIMIT_DISABLED: "true",
    });
    servers.push(server);
    await untilReady(server);

    const created = await adminCreate(dataDir, [
      "--email",
      "ops.lead@first-run.example",
      "--name",
      "Olivia Park",
    ]);
    expect(created, created.stderr).toMatchObject({ code: 0 });
    expect(created.stdout).toContain("created administrator ops.lead@first-run.example");
    // The server kept running on its cluster all along.
    expect((await fetch(`http://127.0.0.1:${server.port}/api/ready`)).status).toBe(200);

    const sql = postgres(derivedUrl(dataDir), { max: 1, onnotice: () => {} });
    try {
      const [admin] = await sql<{ first_name: string; last_name: string; role: string }[]>`
        select first_name, last_name, role from users where email = 'ops.lead@first-run.example'`;
      expect(admin).toEqual({ first_name: "Olivia", last_name: "Park", role: "admin" });
      const [dealership] = await sql<{ id: number }[]>`
        insert into dealerships (name, address, city, state, zip_code, time_zone, latitude, longitude)
        values ('First Run Motors', '1 Main St', 'Austin', 'TX', '78701', 'America/Chicago', 30.27, -97.74)
        returning id`;

      // The running server signs the new administrator in, and the invitation they send names them.
      const origin = `http://127.0.0.1:${server.port}`;
      const login = await fetch(`${origin}/api/admin/login`, {
        method: "POST",
        headers: { "content-type": "application/json", origin },
        body: JSON.stringify({
          email: "ops.lead@first-run.example",
          password: "first-run-passphrase",
          adminCode: ADMIN_CODE,
        }),
      });
      const session = (await login.json()) as { token: string };
      expect(login.status, JSON.stringify(session)).toBe(200);
      const invited = await fetch(`${origin}/api/admin/manager-invitations`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${session.token}` },
        body: JSON.stringify({
          dealershipId: dealership!.id,
          email: "first.manager@first-run.example",
          name: "Sam Carter",
        }),
      });
      expect(invited.status, await invited.clone().text()).toBe(201);
      const mail = await waitForMail("first.manager@first-run.example");
      expect(mail.text).toContain("Hello Sam Carter");
      expect(mail.text).toContain("Olivia Park invited you to manage First Run Motors");

      // A new administrator without a name, and no terminal to ask on: refused in one line, nothing saved.
      const nameless = await adminCreate(dataDir, ["--email", "nameless@first-run.example"]);
      expect(nameless.code).toBe(1);
      expect(nameless.stderr.trim()).toBe(
        "admin:create: a name is required for this administrator: give --name or ADMIN_NAME (no terminal to ask on)",
      );
      expect(await sql`select 1 from users where email = 'nameless@first-run.example'`).toHaveLength(0);
    } finally {
      await sql.end({ timeout: 5 });
    }
  }, 180_000);
});
