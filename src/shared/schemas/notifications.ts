// Inputs and answers of the notifications domain: the bell's list and marking items read.
import { z } from "zod";
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
