// The README's typed script client (scripts/example-client.ts), run as a developer runs it: a child process
// against a started server, signed in with a bearer token. It lists, books, and the booking is real.
import { execFile } from "node:child_process";
import type { AddressInfo } from "node:net";
import { promisify } from "node:util";
import { serve } from "@hono/node-server";
import { afterAll, expect, it } from "vitest";
import { seedDatabase } from "../src/server/db/seed";
import { projectPath } from "../src/server/paths";
import { createHarness } from "./support/harness";

const h = await createHarness({ RATE_LIMIT_DISABLED: "true" });
await seedDatabase(h.sql, { scale: 0.02 });
const server = serve({ fetch: h.app.fetch, port: 0, hostname: "127.0.0.1" });
await new Promise((resolve) => server.once("listening", resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

it("signs in with a bearer token, lists salespeople and appointments, and books one", async () => {
  const customer = await h.signIn("script.buyer@example.org");
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", projectPath("scripts/example-client.ts")],
    {
      cwd: projectPath("."),
      env: { ...process.env, KB_URL: url, KB_TOKEN: customer.token, KB_DAYS_AHEAD: "3" },
      timeout: 60_000,
    },
  );
  expect(stdout).toContain("signed in as script.buyer@example.org (customer)");
  expect(stdout).toMatch(/salespeople: 5 of \d+/);
  const summary = JSON.parse(stdout.trim().split("\n").at(-1)!) as {
    appointmentId: number;
    before: number;
    after: number;
  };
  expect(summary.after).toBe(summary.before + 1);
  const [row] = await h.sql<{ customer_id: string; status: string }[]>`
    select customer_id, status from appointments where id = ${summary.appointmentId}`;
  expect(row).toMatchObject({ customer_id: customer.userId, status: "scheduled" });
  console.log(`example client: booked appointment #${summary.appointmentId} through ${url}/trpc`);
});
