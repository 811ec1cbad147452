// The live stream's input and events (docs/product/api.md#live-updates): one stream per signed-in page, every
// kind of event for the signed-in account, each named by a cursor the page sends back to resume.
import { z } from "zod";

/** How many streams one account may hold open on one server instance; one more is refused. */
export const LIVE_STREAMS_PER_USER = 8;

/** `<transaction>-<event>`: the position of an event in the account's stream. */
export const LIVE_CURSOR = /^\d{1,19}-\d{1,19}$/;

export const liveEventsInput = z
  .strictObject({
    lastEventId: z
      .string()
      .regex(LIVE_CURSOR, "lastEventId must be an event id this stream sent")
      .nullish()
      .describe("The id of the last event received, to resume after it"),
  })
  .optional();

/** What each kind of event says; a page refreshes what the event names rather than trusting it as data. */
export const liveEvent = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("message"),
    payload: z.object({ conversationId: z.number().int(), messageId: z.number().int() }),
  }),
  z.object({
    kind: z.literal("notification"),
    payload: z.object({ notificationId: z.number().int(), type: z.string() }),
  }),
  z.object({
    kind: z.literal("appointment"),
    payload: z.object({ appointmentId: z.number().int(), from: z.string().nullable(), to: z.string() }),
  }),
  z.object({
    kind: z.literal("crmSync"),
    payload: z.object({ integrationId: z.number().int(), logId: z.number().int(), status: z.string() }),
  }),
]);
export type LiveEvent = z.output<typeof liveEvent>;
export type LiveEventKind = LiveEvent["kind"];
