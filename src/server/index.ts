// Starts the server: database, migrations, first-run seed, then API and built client on one port.
import { serve } from "@hono/node-server";
import type { BrowseResult } from "../shared/schemas/salespeople";
import { createApp } from "./app";
import { createTtlCache } from "./cache";
import { loadDotEnv, loadEnv } from "./env";
import { startJobQueue } from "./jobs/queue";
import { startWorkers } from "./jobs/workers";
import { createLogger } from "./logger";
import { createMailer } from "./mail/mailer";
import { openDatabase } from "./runtime";

loadDotEnv();
const env = loadEnv();
const logger = createLogger(env.LOG_LEVEL);
const database = await openDatabase(env, logger);
if (env.SEED_ON_START) await database.seedIfEmpty();
const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, logger });
const browseCache = createTtlCache<BrowseResult>({ ttlMs: env.BROWSE_CACHE_TTL_MS, maxEntries: 1000 });
const jobs = await startJobQueue({ connectionString: database.url, logger });
await startWorkers(jobs, {
  sql: database.sql,
  mailer,
  logger,
  appUrl: env.APP_URL,
  mailFrom: env.MAIL_FROM,
});
const app = createApp({ db: database.db, sql: database.sql, env, mailer, logger, browseCache, jobs });

const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
  logger.info(`KnowBefore is listening on http://localhost:${info.port} (${env.NODE_ENV})`);
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info(`${signal}: shutting down`);
  // Let requests in flight finish (at most 5 s) before the database goes away.
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 5000);
    server.close(() => {
      clearTimeout(timer);
      resolve();
    });
    if ("closeIdleConnections" in server) server.closeIdleConnections();
  });
  await jobs.stop();
  mailer.close();
  await database.close();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
