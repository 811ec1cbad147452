// Background jobs on pg-boss (a PostgreSQL-backed queue): e-mails, reminders and waitlist notices survive
// restarts and run once across any number of app instances.
import PgBoss from "pg-boss";
import type { Queryable } from "../db/client";
import { withStartupLock } from "../db/migrate";
import type { Logger } from "../logger";

export const QUEUES = {
  appointmentNotice: "appointment-notice",
  appointmentReminder: "appointment-reminder",
  waitlistNotice: "waitlist-notice",
  messageNotice: "message-notice",
  transferNotice: "transfer-notice",
  crmDelivery: "crm-delivery",
  retentionCleanup: "retention-cleanup",
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export type JobData = {
  "appointment-notice": { appointmentId: number; kind: "booked" | "cancelled" | "rescheduled" };
  "appointment-reminder": { appointmentId: number };
  "waitlist-notice": { salespersonId: number; date: string };
  "message-notice": { conversationId: number; to: "customer" | "salesperson" };
  "transfer-notice": {
    transferId: number;
    event: "requested" | "accepted" | "declined" | "approved" | "denied";
  };
  /** One event to one CRM integration; every attempt of it shares the delivery id. */
  "crm-delivery": { integrationId: number; deliveryId: string; payload: CrmEventPayload };
  /** The daily retention cleanup (scheduled; carries nothing). */
  "retention-cleanup": Record<string, never>;
};

/** What a CRM webhook receives as its JSON body. */
export type CrmEventPayload = {
  /** The delivery id: the same on every retry, so a receiver can ignore a repeat. */
  id: string;
  type: string;
  createdAt: string;
  dealershipId: number;
  entityType: string;
  entityId: string;
  data: Record<string, unknown>;
};

/** A database handle to enqueue through: pass a transaction so the job exists only if the transaction commits. */
export type JobExecutor = Queryable;

export type JobQueue = {
  send: <Q extends QueueName>(
    name: Q,
    data: JobData[Q],
    options?: {
      startAfter?: Date;
      singletonKey?: string;
      within?: JobExecutor;
      /** This job's own retry policy (the queue's otherwise): attempts after the first, delay doubling each time. */
      retry?: { limit: number; delaySeconds: number };
    },
  ) => Promise<string | null>;
  work: <Q extends QueueName>(name: Q, handler: (data: JobData[Q]) => Promise<void>) => Promise<void>;
  /** Runs the queue's job on a cron schedule (UTC), once per tick across every instance. */
  schedule: (name: QueueName, cron: string) => Promise<void>;
  /** Takes no new jobs; the ones running go on (a shutdown calls this first, then `stop`). */
  pause: () => Promise<void>;
  /**
   * Waits up to `timeoutMs` (10 s by default, at least 1 s) for running jobs, then closes the queue. A job still
   * running then is marked failed, and its retry runs after the next start.
   */
  stop: (options?: { timeoutMs?: number }) => Promise<void>;
};

export async function startJobQueue(options: {
  connectionString: string;
  logger: Logger;
  pollingIntervalSeconds?: number;
}): Promise<JobQueue> {
  const boss = new PgBoss({
    connectionString: options.connectionString,
    schema: "pgboss",
    max: 4,
    application_name: "knowbefore-jobs",
  });
  boss.on("error", (error) => {
    // 57P01: PostgreSQL is shutting down (Ctrl-C reaches the embedded server too); the queue resumes on restart.
    if ((error as { code?: string }).code === "57P01")
      options.logger.debug("job queue: database shutting down");
    else options.logger.error("job queue error", error);
  });
  // pg-boss's own schema changes and queue partitions, one instance at a time (see withStartupLock).
  await withStartupLock(options.connectionString, async () => {
    await boss.start();
    for (const name of Object.values(QUEUES)) {
      await boss.createQueue(name, { name, retryLimit: 5, retryDelay: 30, retryBackoff: true });
    }
  });
  return {
    async send(name, data, sendOptions = {}) {
      const within = sendOptions.within;
      return boss.send(name, data as object, {
        startAfter: sendOptions.startAfter,
        singletonKey: sendOptions.singletonKey,
        ...(sendOptions.retry
          ? {
              retryLimit: sendOptions.retry.limit,
              retryDelay: sendOptions.retry.delaySeconds,
              retryBackoff: true,
            }
          : {}),
        db: within
          ? {
              // pg-boss passes undefined for unset options; node-postgres reads that as NULL, postgres.js refuses it.
              executeSql: async (text: string, values: unknown[]) => ({
                rows: await within.unsafe(text, values.map((v) => (v === undefined ? null : v)) as never[]),
              }),
            }
          : undefined,
      });
    },
    async work(name, handler) {
      await boss.work<JobData[typeof name]>(
        name,
        { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
        async ([job]) => {
          if (job) await handler(job.data);
        },
      );
    },
    async schedule(name, cron) {
      await boss.schedule(name, cron, {}, { tz: "UTC" });
    },
    async pause() {
      for (const name of Object.values(QUEUES)) await boss.offWork(name);
    },
    stop: (stopOptions = {}) =>
      boss.stop({ graceful: true, wait: true, timeout: stopOptions.timeoutMs ?? 10_000 }),
  };
}
