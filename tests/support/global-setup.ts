// Starts one embedded PostgreSQL for the integration run and migrates a template database that each test
// file clones (CREATE DATABASE ... TEMPLATE), so every file starts from a clean schema in milliseconds.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { runMigrations } from "../../src/server/db/migrate";
import { PortTaken, startEmbeddedPostgres } from "../../src/server/operations/embedded";
import { DATABASE_PORTS } from "./ports";

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
 * The run's PostgreSQL, on a port of its range (ports.ts). Two runs at once (another checkout) may draw the same
 * one: only the bind decides, so a taken port draws again.
 */
async function startOnAPort(dataDir: string) {
  for (let attempt = 1; ; attempt++) {
    const port = DATABASE_PORTS.from + Math.floor(Math.random() * DATABASE_PORTS.count);
    try {
      return await startEmbeddedPostgres({ dataDir, port, database: "template_kb", persistent: false });
    } catch (error) {
      if (!(error instanceof PortTaken) || attempt >= 10) throw error;
    }
  }
}
