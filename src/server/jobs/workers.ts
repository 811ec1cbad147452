// Registers every background job handler on the queue (each app instance runs them; pg-boss hands a job to one).

import { closeVisits } from "../domains/appointments/closing";
import { escalateOverdueDisputes } from "../domains/appointments/disputeEscalation";
import { sendDisputeNotice } from "../domains/appointments/disputeNotices";
import {
  type NoticeDeps,
  sendAppointmentNotice,
  sendReminder,
  sendWaitlistNotice,
} from "../domains/appointments/notices";
import { refreshDueOpenings } from "../domains/appointments/openings";
import { runCleanup } from "../domains/compliance/retention";
import { type CrmDeliveryDeps, deliverCrmEvent } from "../domains/crm/delivery";
import { sendInvitationMail } from "../domains/invitations/send";
import { pruneLiveEvents } from "../domains/live/events";
import { claimWeeklyReports, sendWeeklyReport } from "../domains/manager/weeklyReport";
import { sendMessageNotice } from "../domains/messages/service";
import { sendLeadAlert } from "../domains/notifications/alerts";
import { sendPurchaseClaimNotice } from "../domains/purchases/notices";
import { refreshAgedAverages } from "../domains/reviews/aging";
import { syncGroupPlan } from "../domains/subscriptions/groupPlan";
import { sendDueTextReminders } from "../domains/texting/reminders";
import { sendTextReply } from "../domains/texting/replies";
import { sendReviewRequestText } from "../domains/texting/reviewRequests";
import type { TextingDeps } from "../domains/texting/send";
import { sendTransferNotice } from "../domains/transfers/notices";
import type { Env } from "../env";
import { jobMailer } from "../mail/mailer";
import { takeBackup } from "../operations/backup";
import { describeFailure } from "../operations/backupCommand";
import type { AppDeps } from "../serviceContext";
import { type JobAttempt, type JobQueue, QUEUES } from "./queue";

/** What the scheduled backup needs: the database it backs up, and BACKUP_DIR, BACKUP_KEEP_DAYS and the key. */
export type BackupDeps = { databaseUrl: string; env: Env };

/** What billing's jobs need: the database and the payment provider (null when payments are not configured). */
export type BillingDeps = Pick<AppDeps, "sql" | "payments">;

export async function startWorkers(
  jobs: JobQueue,
  deps: NoticeDeps,
  crm: CrmDeliveryDeps,
  backup?: BackupDeps,
  texting?: TextingDeps & { appUrl: string },
  billing?: BillingDeps,
): Promise<void> {
  // What one job sends with: its mail's Message-IDs come from the job, the same on a retry, and a retry does not
  // send again what an earlier attempt had sent (jobMailer).
  const forJob = (job: JobAttempt): NoticeDeps => ({ ...deps, mailer: jobMailer(deps.mailer, job) });
  await jobs.work(QUEUES.appointmentNotice, (data, job) => sendAppointmentNotice(forJob(job), data));
  await jobs.work(QUEUES.appointmentReminder, (data, job) => sendReminder(forJob(job), data));
  await jobs.work(QUEUES.waitlistNotice, (data, job) => sendWaitlistNotice(forJob(job), data));
  await jobs.work(QUEUES.messageNotice, (data, job) => sendMessageNotice(forJob(job), data));
  await jobs.work(QUEUES.transferNotice, (data, job) => sendTransferNotice(forJob(job), data));
  await jobs.work(QUEUES.crmDelivery, (data, job) => deliverCrmEvent(crm, data, job));
  await jobs.work(QUEUES.invitationMail, (data, job) => sendInvitationMail(forJob(job), data));
  await jobs.work(QUEUES.retentionCleanup, async () => {
    const result = await runCleanup(deps.sql, "scheduled", null);
    deps.logger.info(`retention cleanup: ${result.total} records`);
  });
  await jobs.work(QUEUES.disputeNotice, (data, job) => sendDisputeNotice(forJob(job), data));
  await jobs.work(QUEUES.leadAlert, (data, job) => sendLeadAlert(forJob(job), data));
  await jobs.work(QUEUES.visitClosing, async (_data, job) => {
    const result = await closeVisits({
      ...forJob(job),
      secrets: crm.secrets,
      events: { jobs, env: crm.env },
    });
    const escalated = await escalateOverdueDisputes({ sql: deps.sql, jobs });
    if (result.completed || result.invited || escalated.length)
      deps.logger.info(
        `visit closing: ${result.completed} completed, ${result.invited} invited to review, ${escalated.length} disputes escalated`,
      );
  });
  // Every five minutes: visits past their end close themselves, their buyers are invited to review, and disputes
  // a manager left open go to administrators (docs/product/booking.md); one run per tick across every instance,
  // and each visit or dispute is claimed once by a conditional UPDATE.
  jobs.schedule(QUEUES.visitClosing, "*/5 * * * *");
  // Every day at 03:17 UTC: what is past its retention period goes (RETENTION_DEFAULTS, /compliance).
  jobs.schedule(QUEUES.retentionCleanup, "17 3 * * *");
  await jobs.work(QUEUES.purchaseClaimNotice, (data, job) => sendPurchaseClaimNotice(forJob(job), data));
  await jobs.work(QUEUES.reviewAging, async () => {
    const refreshed = await refreshAgedAverages(deps.sql);
    deps.logger.info(`review aging: ${refreshed} salespeople's averages refreshed`);
  });
  // Every day at 02:41 UTC: averages drop the reviews that have just aged out of them.
  jobs.schedule(QUEUES.reviewAging, "41 2 * * *");
  await jobs.work(QUEUES.livePrune, async () => {
    const pruned = await pruneLiveEvents(deps.sql);
    if (pruned) deps.logger.info(`live events: ${pruned} past their retention removed`);
  });
  // Every hour: live events older than a day go (a page resumes from far more recent ones).
  jobs.schedule(QUEUES.livePrune, "23 * * * *");
  await jobs.work(QUEUES.openingsRefresh, async () => {
    const { moved, recomputed, failed } = await refreshDueOpenings(deps.sql);
    if (recomputed > 0)
      deps.logger.info(`open times: ${recomputed} salespeople recomputed, ${moved} moved on`);
    if (failed.length > 0)
      deps.logger.warn(
        `open times: the rules of salespeople ${failed.join(", ")} could not be read (their time zone?); they list no open times`,
      );
  });
  // Every minute: the open times browse filters and sorts by follow the visits booked, the hours changed and the
  // clock (domains/appointments/openings.ts).
  jobs.schedule(QUEUES.openingsRefresh, "* * * * *");
  await jobs.work(QUEUES.weeklyReports, async (data) => {
    const claimed = await claimWeeklyReports(
      { sql: deps.sql, jobs },
      data.at ? new Date(data.at) : new Date(),
    );
    if (claimed > 0) deps.logger.info(`weekly report: ${claimed} e-mails queued`);
  });
  await jobs.work(QUEUES.weeklyReportMail, async (data, job) => {
    await sendWeeklyReport(forJob(job), data);
  });
  // Every hour at :02: the weekly reports of the dealerships where it is Monday from 07:00 (local time, for a day)
  // are claimed, once per week, recipient and dealership across every instance, and their e-mails queued on the
  // mail queue, which retries them (domains/manager/weeklyReport.ts).
  jobs.schedule(QUEUES.weeklyReports, "2 * * * *");
  await jobs.work(QUEUES.textReminders, async (data) => {
    if (!texting) return;
    const sent = await sendDueTextReminders(texting, data.at ? new Date(data.at) : new Date());
    if (sent > 0) deps.logger.info(`text reminders: ${sent} sent`);
  });
  // Every five minutes: the visits' text reminders that are due (domains/texting/reminders.ts), each claimed once
  // across every instance. Without texting configured the job finds nothing to do.
  jobs.schedule(QUEUES.textReminders, "*/5 * * * *");
  await jobs.work(QUEUES.textReply, async (data) => {
    if (texting) await sendTextReply(texting, data);
  });
  await jobs.work(QUEUES.textReviewRequest, async (data) => {
    if (texting) await sendReviewRequestText(texting, data);
  });
  // A dealer group's dealerships or its subscription changed: its quantity at the payment provider follows, and
  // the own plans of the dealerships it covers end (retried on the queue's policy while the provider does not
  // answer).
  await jobs.work(QUEUES.groupPlanSync, async (data) => {
    if (billing?.payments) await syncGroupPlan(billing, data.groupId);
  });
  // BACKUP_SCHEDULE (every day at 02:30 UTC by default): one of the instances it is set for takes the backup into
  // its BACKUP_DIR, checks it and ages out the old ones (docs/operations/backups.md). An instance without a
  // schedule takes none, so backups land only where one is set.
  const backupSchedule = backup?.env.BACKUP_SCHEDULE;
  if (backup && backupSchedule) {
    const { databaseUrl, env } = backup;
    await jobs.work(QUEUES.databaseBackup, async () => {
      try {
        const taken = await takeBackup(databaseUrl, env);
        deps.logger.info(
          `backup: wrote ${taken.file} (${taken.tables} tables, ${taken.rows} rows, ${taken.bytes} bytes in ${taken.seconds.toFixed(1)} s), checked; ${taken.removed.length} older than ${env.BACKUP_KEEP_DAYS} days removed`,
        );
      } catch (error) {
        deps.logger.error(`backup failed: ${describeFailure(error, "backup", databaseUrl)}`);
        throw error;
      }
    });
    jobs.schedule(QUEUES.databaseBackup, backupSchedule);
  }
}
