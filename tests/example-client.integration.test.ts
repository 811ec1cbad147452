// The README's typed script clients, run as a developer runs them: a child process against a started server,
// signed in with a bearer token. They list, book, and the booking is real. scripts/example-client.ts speaks
// tRPC; scripts/openapi-client/example.ts speaks REST with the types of the OpenAPI document.
import { execFile } from "node:child_process";
import type { AddressInfo } from "node:net";
import { promisify } from "node:util";
import { serve } from "@hono/node-server";
import { afterAll, expect, it } from "vitest";
import { projectPath } from "../src/server/paths";
import { seedDatabase } from "../src/server/seed/demo";
import { createHarness } from "./support/harness";

/** A started server for a harness: the script talks to it over HTTP, as to any deployment. */
async function started(harness: Awaited<ReturnType<typeof createHarness>>) {
  const server = serve({ fetch: harness.app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise((resolve) => server.once("listening", resolve));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function runScript(env: Record<string, string>, script = "scripts/example-client.ts") {
  return promisify(execFile)(process.execPath, ["--import", "tsx", projectPath(script)], {
    cwd: projectPath("."),
    env: { ...process.env, ...env },
    timeout: 60_000,
  });
}

const h = await createHarness({ RATE_LIMIT_DISABLED: "true" });
await h.seed(0.02);
const url = await started(h);

it("signs in with a bearer token, lists salespeople and appointments, and books one", async () => {
  const customer = await h.signIn("script.buyer@example.org");
  const { stdout } = await runScript({ KB_URL: url, KB_TOKEN: customer.token, KB_DAYS_AHEAD: "3" });
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

it("on a local demo server (development, this machine), signs itself in through the link it is answered", async () => {
  const demo = await createHarness({ NODE_ENV: "development", RATE_LIMIT_DISABLED: "true" });
  await seedDatabase(demo.sql, { scale: 0.01 });
  const demoUrl = await started(demo);
  const { stdout } = await runScript({
    KB_URL: demoUrl,
    KB_EMAIL: "script.demo@example.org",
    KB_DAYS_AHEAD: "4",
  });
  expect(stdout).toContain("signed in as script.demo@example.org (customer)");
  const summary = JSON.parse(stdout.trim().split("\n").at(-1)!) as { appointmentId: number; after: number };
  expect(summary.after).toBe(1);
});

it("through REST with a bearer token, typed by the OpenAPI document's types: lists salespeople and books", async () => {
  const customer = await h.signIn("rest.buyer@example.org");
  const { stdout } = await runScript(
    { KB_URL: url, KB_TOKEN: customer.token, KB_DAYS_AHEAD: "5" },
    "scripts/openapi-client/example.ts",
  );
  expect(stdout).toContain("signed in as rest.buyer@example.org (customer)");
  expect(stdout).toMatch(/salespeople: 5 of \d+/);
  const { appointmentId } = JSON.parse(stdout.trim().split("\n").at(-1)!) as { appointmentId: number };
  const [row] = await h.sql<{ customer_id: string; status: string }[]>`
    select customer_id, status from appointments where id = ${appointmentId}`;
  expect(row).toMatchObject({ customer_id: customer.userId, status: "scheduled" });
});
