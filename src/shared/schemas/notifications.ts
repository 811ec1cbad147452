// Inputs and answers of the notifications domain: the bell's list and marking items read, each account's
// choice of what reaches it, and the one-click unsubscribe of e-mails.
import { z } from "zod";
import { NOTIFICATION_KIND_KEYS, type NotificationKind } from "../notificationKinds";
import { idSchema } from "./common";

export const notificationsListInput = z
  .strictObject({ limit: z.coerce.number().int().min(1).max(100).default(30) })
  .optional();

export const markNotificationsReadInput = z.strictObject({ ids: z.array(idSchema).min(1).max(100) });

/** One item of the bell: its link is an in-app path, null when there is nowhere to go. */
export const notificationItem = z.object({
  id: z.number().int(),
  type: z.string().describe("What happened, e.g. appointment_booked"),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  readAt: z.date().nullable(),
  createdAt: z.date(),
});
export type NotificationItem = z.output<typeof notificationItem>;

export const notificationsList = z.object({
  items: z.array(notificationItem),
  unread: z.number().int().describe("Unread notifications over the whole list, not only this page"),
});

export const notificationsMarked = z.object({
  updated: z.number().int().describe("Items newly marked read"),
});

/** A kind of event as the preferences page and API name it (src/shared/notificationKinds.ts). */
export const notificationKind = z
  .enum(NOTIFICATION_KIND_KEYS as [NotificationKind, ...NotificationKind[]], {
    error: "Unknown kind of notification",
  })
  .describe("A kind of event, as GET /api/notification-preferences lists them");

/** One kind of event and whether it reaches the account on each channel (null: never sent that way). */
export const notificationPreference = z.object({
  kind: notificationKind,
  label: z.string(),
  description: z.string(),
  essential: z.boolean().describe("Always on: it cannot be switched off"),
  always: z.string().nullable().describe("Why an essential kind is always on; null for the others"),
  inApp: z.boolean().nullable().describe("Shown in the bell; null when this kind is never in-app"),
  email: z.boolean().nullable().describe("E-mailed; null when this kind is never e-mailed"),
});
export type NotificationPreference = z.output<typeof notificationPreference>;

export const notificationPreferences = z.object({ kinds: z.array(notificationPreference) });
export type NotificationPreferences = z.output<typeof notificationPreferences>;

/** One kind's channels switched on or off (at least one of them named). */
export const setNotificationPreferenceInput = z
  .strictObject({ kind: notificationKind, inApp: z.boolean().optional(), email: z.boolean().optional() })
  .refine((input) => input.inApp !== undefined || input.email !== undefined, {
    message: "Say inApp, email or both",
  });
export type SetNotificationPreferenceInput = z.input<typeof setNotificationPreferenceInput>;

/** The secret of an unsubscribe link, as its e-mail carries it. */
export const unsubscribeInput = z.strictObject({ token: z.string().min(1).max(1000) });

/** What an unsubscribe link stops: a kind's e-mail for one account. */
export const unsubscribeLink = z.object({
  kind: notificationKind,
  label: z.string(),
  /** The address of the account the link was sent to, partly hidden (the link may have been forwarded). */
  email: z.string().describe("The account's address, partly hidden"),
  unsubscribed: z.boolean().describe("Whether this kind's e-mail is already off for the account"),
  page: z.string().describe("The app's page that confirms the unsubscribe with a button"),
});
export type UnsubscribeLink = z.output<typeof unsubscribeLink>;
