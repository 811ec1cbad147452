// Starts one embedded PostgreSQL for the integration run and migrates a template database that each test
// file clones (CREATE DATABASE ... TEMPLATE), so every file starts from a clean schema in milliseconds.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { runMigrations } from "../../src/server/db/migrate";
import { startEmbeddedPostgres } from "../../src/server/operations/embedded";

declare module "vitest" {
  export interface ProvidedContext {
    pgServerUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "kb-test-pg-"));
  const port = 55000 + Math.floor(Math.random() * 5000);
  const pg = await startEmbeddedPostgres({ dataDir, port, database: "template_kb", persistent: false });
  await runMigrations(pg.url);
  project.provide("pgServerUrl", pg.url.replace(/\/template_kb$/, ""));
  return async () => {
    await pg.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
