// A salesperson's private calendar feed, and a visit as a file to add to a calendar (domains/calendar).
import { z } from "zod";
import { downloadFile, idSchema } from "./common";

/** Whether the salesperson has a feed, since when, and when a calendar app last read it. */
export const calendarFeedStatus = z.object({
  active: z.boolean(),
  createdAt: z.date().nullable(),
  lastReadAt: z.date().nullable().describe("When a calendar app last read the feed; null if never"),
});
export type CalendarFeedStatus = z.output<typeof calendarFeedStatus>;

/** A new feed's address, answered once: only its hash is kept. */
export const calendarFeedCreated = z.object({
  url: z.string().describe("The https address to subscribe to: keep it private, it lists your visits"),
  webcalUrl: z.string().describe("The same address as webcal://, which calendar apps open to subscribe"),
  createdAt: z.date(),
});
export type CalendarFeedCreated = z.output<typeof calendarFeedCreated>;

export const calendarFeedRevoked = z.object({ revoked: z.boolean() });

/** The secret of a feed's address. */
export const calendarFeedInput = z.strictObject({ token: z.string().min(1).max(200) });

export const calendarFeed = downloadFile;

/** A visit the caller booked or is staff for, as an .ics file to add to a calendar. */
export const visitCalendarInput = z.strictObject({ id: idSchema });
export const visitCalendarFile = downloadFile;
