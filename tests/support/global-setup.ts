// Starts one embedded PostgreSQL for the integration run and migrates a template database that each test
// file clones (CREATE DATABASE ... TEMPLATE), so every file starts from a clean schema in milliseconds.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { runMigrations } from "../../src/server/db/migrate";
import { PortTaken, startEmbeddedPostgres } from "../../src/server/operations/embedded";

declare module "vitest" {
  export interface ProvidedContext {
    pgServerUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "kb-test-pg-"));
  const pg = await startOnAPort(dataDir);
  await runMigrations(pg.url);
  project.provide("pgServerUrl", pg.url.replace(/\/template_kb$/, ""));
  return async () => {
    await pg.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

/**
 * The run's PostgreSQL listens on a port between the test servers' blocks (server-process.ts, up to 32,000) and
 * the kernel's ephemeral range (from 32,768), where the run's own outgoing connections never take it meanwhile.
 * Two runs at once (another checkout) may draw the same one: only the bind decides, so a taken port draws again.
 */
const PORTS = { from: 32_000, count: 768 } as const;

async function startOnAPort(dataDir: string) {
  for (let attempt = 1; ; attempt++) {
    const port = PORTS.from + Math.floor(Math.random() * PORTS.count);
    try {
      return await startEmbeddedPostgres({ dataDir, port, database: "template_kb", persistent: false });
    } catch (error) {
      if (!(error instanceof PortTaken) || attempt >= 10) throw error;
    }
  }
}
