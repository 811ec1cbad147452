// Starts the server: database, migrations, first-run seed, then API and built client on one port.
import { serve } from "@hono/node-server";
import { createApp } from "./app";
import { loadDotEnv, loadEnv } from "./env";
import { createLogger } from "./logger";
import { createMailer } from "./mail/mailer";
import { openDatabase } from "./runtime";

loadDotEnv();
const env = loadEnv();
const logger = createLogger(env.LOG_LEVEL);
const database = await openDatabase(env, logger);
if (env.SEED_ON_START) await database.seedIfEmpty();
const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, logger });
const app = createApp({ db: database.db, sql: database.sql, env, mailer, logger });

const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
  logger.info(`KnowBefore is listening on http://localhost:${info.port} (${env.NODE_ENV})`);
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info(`${signal}: shutting down`);
  server.close();
  mailer.close();
  await database.close();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
