// The jobs there are (jobs/queue.ts runs them): each queue's name, which of them are e-mails, and what each job
// carries.
import type { MailedNoticeType } from "../../shared/notificationKinds";

export const QUEUES = {
  appointmentNotice: "appointment-notice",
  appointmentReminder: "appointment-reminder",
  waitlistNotice: "waitlist-notice",
  messageNotice: "message-notice",
  transferNotice: "transfer-notice",
  crmDelivery: "crm-delivery",
  retentionCleanup: "retention-cleanup",
  invitationMail: "invitation-mail",
  visitClosing: "visit-closing",
  disputeNotice: "dispute-notice",
  purchaseClaimNotice: "purchase-claim-notice",
  leadAlert: "lead-alert",
  reviewAging: "review-aging",
  livePrune: "live-prune",
  openingsRefresh: "openings-refresh",
  databaseBackup: "database-backup",
  weeklyReports: "weekly-reports",
  weeklyReportMail: "weekly-report-mail",
  textReminders: "text-reminders",
  textReply: "text-reply",
  textReviewRequest: "text-review-request",
  groupPlanSync: "group-plan-sync",
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/**
 * The queues whose jobs are e-mails: they retry on the mail retry policy (jobs/mailRetry.ts), and their backlog
 * is the mail backlog (mail_backlog_* on /metrics).
 */
export const MAIL_QUEUES: readonly QueueName[] = [
  QUEUES.appointmentNotice,
  QUEUES.appointmentReminder,
  QUEUES.waitlistNotice,
  QUEUES.messageNotice,
  QUEUES.transferNotice,
  QUEUES.invitationMail,
  QUEUES.disputeNotice,
  QUEUES.purchaseClaimNotice,
  QUEUES.leadAlert,
  QUEUES.weeklyReportMail,
];

export type JobData = {
  /** A booking's e-mails with its calendar invite; a no-show's e-mail goes to the buyer only. */
  "appointment-notice": { appointmentId: number; kind: "booked" | "cancelled" | "rescheduled" | "no-show" };
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
  /** An invitation's e-mail: the job makes its link's token, so no token is ever stored in clear. */
  "invitation-mail": {
    invitationId: string;
    /** The invitee's name, in jobs queued before invitations kept it (invitations.name). */
    name?: string | null;
  };
  /**
   * Closing visits past their end, inviting their buyers to review and escalating overdue disputes (scheduled;
   * carries nothing).
   */
  "visit-closing": Record<string, never>;
  /** A visit dispute's e-mails at each step. */
  "dispute-notice": {
    disputeId: number;
    event: "opened" | "escalated" | "appealed" | "upheld" | "rejected";
  };
  /** The buyer's e-mail when their purchase claim is confirmed or declined. */
  "purchase-claim-notice": { claimId: number };
  /** An urgent alert's e-mail to a dealership's leads, but the one whose act raised it (notifications/alerts.ts). */
  "lead-alert": {
    dealershipId: number;
    actorId: string | null;
    type: MailedNoticeType;
    subject: string;
    text: string;
    link: string;
  };
  /** The daily refresh of averages whose reviews crossed the averaging window (scheduled; carries nothing). */
  "review-aging": Record<string, never>;
  /** The hourly removal of live events past their retention (scheduled; carries nothing). */
  "live-prune": Record<string, never>;
  /** The minute's refresh of the open times browse filters by (scheduled; carries nothing). */
  "openings-refresh": Record<string, never>;
  /** A backup of the database into BACKUP_DIR (scheduled by BACKUP_SCHEDULE; carries nothing). */
  "database-backup": Record<string, never>;
  /**
   * The hour's claim of the weekly reports due (scheduled; carries nothing): those of the dealerships where it is
   * Monday from 07:00, local time. `at` runs it as of another moment than its own (a week's reports sent again by
   * hand after an outage longer than a day, or a test).
   */
  "weekly-reports": { at?: string };
  /** One weekly report's e-mail, claimed in weekly_reports: the week by its Monday (YYYY-MM-DD). */
  "weekly-report-mail": { dealershipId: number; userId: string; weekStart: string };
  /**
   * The text reminders due (scheduled every five minutes): each visit's day-before and two-hour reminders, claimed
   * once in text_messages. `at` runs it as of another moment (a test).
   */
  "text-reminders": { at?: string };
  /** A salesperson's answer, sent by text to the buyer (held until quiet hours end); claimed by the message id. */
  "text-reply": { messageId: number };
  /** A completed visit's request to review, by text (texting/reviewRequests.ts). */
  "text-review-request": { appointmentId: number };
  /**
   * A dealer group's dealerships or its subscription changed: its quantity at the payment provider follows, and
   * its dealerships' own plans end (subscriptions/groupPlan.ts, queued by queueGroupPlanSync or writeState in the
   * changing transaction).
   */
  "group-plan-sync": { groupId: number };
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
