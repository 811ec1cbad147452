// The administrators' monitor (docs/product/admin.md#monitor): what happened in the last hour, counted from
// the rows themselves (sign-ins, bookings, server faults), the jobs waiting or running per queue, and
// whether the database and the job queue can serve, as /api/ready judges the database.
import type { MonitorSnapshot } from "../../../shared/schemas/accounts";
import { SIGN_INS } from "../../credentials/securityEvents";
import { monitorQueues } from "../../jobs/bossInternals";
import { QUEUES } from "../../jobs/queue";
import { readiness } from "../../monitor/readiness";
import type { Context } from "../../serviceContext";

async function jobQueueState(ctx: Context) {
  try {
    const rows = await monitorQueues(ctx.sql);
    const known = new Set(rows.map((r) => r.name));
    const missing = Object.values(QUEUES).filter((name) => !known.has(name));
    return {
      queues: [...rows],
      ready: missing.length === 0,
      detail:
        missing.length === 0
          ? `${rows.length} queues answering`
          : `Queues not created yet: ${missing.join(", ")}`,
    };
  } catch (error) {
    ctx.logger.warn("monitor: the job queue cannot be read", error);
    return { queues: [], ready: false, detail: "The job queue's tables cannot be read" };
  }
}

export async function monitorSnapshot(ctx: Context): Promise<MonitorSnapshot> {
  const [[counts], jobs, database] = await Promise.all([
    ctx.sql<{ since: Date; signIns: number; bookings: number; errors: number }[]>`
      select now() - interval '1 hour' as since,
             (select count(*) from security_events
               where created_at > now() - interval '1 hour'
                 and event_type in ${ctx.sql([...SIGN_INS])})::int as "signIns",
             (select count(*) from appointments where created_at > now() - interval '1 hour')::int as bookings,
             (select count(*) from error_events where created_at > now() - interval '1 hour')::int as errors`,
    jobQueueState(ctx),
    readiness(ctx),
  ]);
  return {
    since: counts!.since,
    signIns: counts!.signIns,
    bookings: counts!.bookings,
    errors: counts!.errors,
    queuedJobs: jobs.queues.reduce((sum, q) => sum + q.waiting + q.active, 0),
    queues: jobs.queues,
    database: {
      ready: database.message === undefined,
      detail: database.message ?? "Answering, migrations current",
    },
    jobQueue: { ready: jobs.ready, detail: jobs.detail },
    texting: ctx.texting
      ? { configured: true, detail: `Twilio, texts from ${ctx.texting.sender}` }
      : {
          configured: false,
          detail: "Off: TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and a sender are not set, so no texts are sent",
        },
  };
}
