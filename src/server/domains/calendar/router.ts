import * as shape from "../../../shared/schemas/calendar";
import { download } from "../../rest/declaration";
import { anyone, salesperson, signedIn, taggedRouter } from "../../trpc/procedures";
import { createFeed, feedStatus, readFeed, revokeFeed, visitCalendarFile } from "./feeds";

/** Calendars people already use: a salesperson's private feed of their visits, and a visit as a file to add. */
export const calendarRouter = taggedRouter("Calendar", {
  feedStatus: salesperson.query(shape.calendarFeedStatus, feedStatus, {
    rest: "GET /salesperson/calendar-feed",
  }),
  createFeed: salesperson.mutation(shape.calendarFeedCreated, createFeed, {
    rest: { route: "POST /salesperson/calendar-feed", status: 201 },
    description: "A new private address for the feed, answered once; the address before stops working.",
  }),
  revokeFeed: salesperson.mutation(shape.calendarFeedRevoked, revokeFeed, {
    rest: "DELETE /salesperson/calendar-feed",
    description: "Turns the feed off: its address answers 404 from then on.",
  }),
  feed: anyone.query(shape.calendarFeedInput, shape.calendarFeed, readFeed, {
    rest: { route: "GET /calendar-feeds/:token", ...download("text/calendar") },
    description:
      "The feed calendar apps subscribe to (iCalendar): the salesperson's visits from 90 days ago on, but for cancelled ones. The secret address is the credential.",
  }),
  visitFile: signedIn.query(shape.visitCalendarInput, shape.visitCalendarFile, visitCalendarFile, {
    rest: { route: "GET /visits/:id/calendar", ...download("text/calendar") },
    description: "A visit the caller booked or is staff for, as an .ics file that adds it to a calendar.",
  }),
});
