// What the API runs on besides the database, wired once for the server and for the test harness: the mailer,
// the browse cache, the job queue with its workers, payments and the secret box, as the app's dependencies.

import { bindMfaSecrets } from "./credentials/mfa";
import type { SecretBox } from "./crypto/secretBox";
import type { Sql } from "./db/client";
import { bindCrmSecrets } from "./domains/crm/secrets";
import { createLiveHub } from "./domains/live/hub";
import { honourPreferences } from "./domains/notifications/mailPreferences";
import { createBrowseCache } from "./domains/salespeople/browseCache";
import { createBrowseIndex } from "./domains/salespeople/browseIndex";
import type { Env } from "./env";
import { MAIL_QUEUES, QUEUES, type QueueName, startJobQueue } from "./jobs/queue";
import { startWorkers } from "./jobs/workers";
import type { Logger } from "./logger";
import { countedMailer, createMailer } from "./mail/mailer";
import { recordErrorEvent } from "./monitor/errorEvents";
import { type AppMetrics, appMetrics, type DeliveryKind } from "./observability/metrics";
import { createPayments } from "./payments/stripe";
import { createTexting } from "./texting/twilio";

/** The queues whose jobs deliver something elsewhere, counted by their attempts' outcomes. */
const DELIVERY_QUEUES: Partial<Record<QueueName, DeliveryKind>> = {
  [QUEUES.crmDelivery]: "crm_webhook",
  ...Object.fromEntries(MAIL_QUEUES.map((queue) => [queue, "email"])),
};

export async function startServices(options: {
  env: Env;
  sql: Sql;
  searchSql: Sql;
  browseSql: Sql;
  databaseUrl: string;
  logger: Logger;
  secrets: SecretBox;
  browseCacheEntries: number;
  /** How often idle workers look for jobs (pg-boss's default when absent). */
  pollingIntervalSeconds?: number;
  /** This process started the database: jobs left running belong to a run that is gone (startJobQueue). */
  retryJobsLeftRunning?: boolean;
  /** Where sign-ins, bookings and deliveries are counted (the process's registry by default). */
  metrics?: AppMetrics;
}) {
  const { env, sql, logger, secrets } = options;
  const metrics = options.metrics ?? appMetrics;
  // Every sender goes through the recipients' preferences (non-essential mail only to those who want it).
  const mailer = honourPreferences(
    createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, logger, nodeEnv: env.NODE_ENV }),
    { sql, secrets, appUrl: env.APP_URL },
  );
  const browseIndex = env.BROWSE_INDEX
    ? createBrowseIndex({ sql, logger, freshMs: env.BROWSE_CACHE_TTL_MS })
    : undefined;
  const browseCache = createBrowseCache({
    ttlMs: env.BROWSE_CACHE_TTL_MS,
    maxEntries: options.browseCacheEntries,
    index: browseIndex,
  });
  // Before anything opens them: stored secrets not yet bound to their row are sealed again, bound.
  await bindCrmSecrets(sql, secrets, logger);
  await bindMfaSecrets(sql, secrets, logger);
  const jobs = await startJobQueue({
    connectionString: options.databaseUrl,
    logger,
    onFailedForGood: (queue) => recordErrorEvent(sql, logger, { source: "job", what: queue }),
    onAttempt: (queue, outcome) => {
      const kind = DELIVERY_QUEUES[queue];
      if (kind) metrics.delivery(kind, outcome);
    },
    retryJobsLeftRunning: options.retryJobsLeftRunning === true,
    mailRetryDelaySeconds: env.MAIL_RETRY_DELAY_SECONDS,
    ...(options.pollingIntervalSeconds === undefined
      ? {}
      : { pollingIntervalSeconds: options.pollingIntervalSeconds }),
  });
  const texting = await createTexting(env);
  const payments = await createPayments(env);
  const workers = {
    notices: { sql, mailer, logger, appUrl: env.APP_URL, mailFrom: env.MAIL_FROM },
    crm: { sql, secrets, logger, allowPrivate: env.CRM_ALLOW_PRIVATE_TARGETS, env },
    texting: { sql, logger, texting, appUrl: env.APP_URL },
    billing: { sql, payments },
  };
  await startWorkers(
    jobs,
    workers.notices,
    workers.crm,
    { databaseUrl: options.databaseUrl, env },
    workers.texting,
    workers.billing,
  );
  const live = createLiveHub({ sql, logger });
  await live.start();
  await browseIndex?.start();
  return {
    deps: {
      sql,
      searchSql: options.searchSql,
      browseSql: options.browseSql,
      env,
      // Mail sent while a request waits is counted here; a job's mail is counted with its job (DELIVERY_QUEUES).
      mailer: countedMailer(mailer, (result) => metrics.delivery("email", result)),
      logger,
      browseCache,
      jobs,
      payments,
      texting,
      secrets,
      metrics,
      live,
    },
    /** What the job workers run with, for tests that run a job's handler directly. */
    workers,
    /** Running jobs get up to `timeoutMs` to finish (see JobQueue.stop) before the queue and mailer close. */
    stop: async (options: { timeoutMs?: number } = {}) => {
      await live.stop();
      await browseIndex?.stop();
      await jobs.stop(options);
      mailer.close();
    },
  };
}
