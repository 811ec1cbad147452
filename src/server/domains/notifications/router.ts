import * as shape from "../../../shared/schemas/notifications";
import { anyone, signedIn, taggedRouter } from "../../trpc/procedures";
import { readPreferences, setPreference } from "./preferences";
import { listNotifications, markNotificationsRead } from "./service";
import { describeUnsubscribe, unsubscribe } from "./unsubscribe";

export const notificationsRouter = taggedRouter("Notifications", {
  list: signedIn.query(shape.notificationsListInput, shape.notificationsList, (ctx, input) =>
    listNotifications(ctx.sql, ctx.user, input?.limit),
  ),
  markRead: signedIn.mutation(shape.markNotificationsReadInput, shape.notificationsMarked, (ctx, input) =>
    markNotificationsRead(ctx.sql, ctx.user, input.ids),
  ),
  markAllRead: signedIn.mutation(shape.notificationsMarked, (ctx) =>
    markNotificationsRead(ctx.sql, ctx.user, "all"),
  ),
  /** The caller's own choice of notices: every kind, with what reaches them in the bell and by e-mail. */
  preferences: signedIn.query(shape.notificationPreferences, (ctx) => readPreferences(ctx, ctx.user), {
    rest: "GET /notification-preferences",
    description:
      "Every kind of notice with whether it reaches the caller in the app (`inApp`) and by e-mail (`email`); null where the kind is never sent that way. Essential kinds are always on.",
  }),
  /** Switches one kind's channels on or off for the caller. */
  setPreference: signedIn.mutation(
    shape.setNotificationPreferenceInput,
    shape.notificationPreferences,
    (ctx, input) => setPreference(ctx, ctx.user, input),
    {
      rest: "PATCH /notification-preferences",
      description:
        "Body `{ kind, inApp?, email? }`. Switching an essential kind off answers 400 ESSENTIAL_NOTIFICATION; a channel the kind is never sent on, 400 NO_SUCH_CHANNEL.",
      limit: { perAccount: { capacity: 60, refillSeconds: 60 } },
    },
  ),
  /**
   * What an e-mail's unsubscribe link would stop, changing nothing: over REST, the link itself (a mail's
   * List-Unsubscribe address) opened in a browser, which is sent on to the page that confirms with a button.
   */
  unsubscribeLink: anyone.query(shape.unsubscribeInput, shape.unsubscribeLink, describeUnsubscribe, {
    rest: {
      route: "GET /unsubscribe/:token",
      shape: (link) => ({ redirect: link.page }),
      responds: { kind: "redirect", to: "/unsubscribe?token={token}" },
    },
    description:
      "Opened from an e-mail: goes on to the page that asks to confirm. It never unsubscribes (mail scanners fetch links).",
  }),
  /** RFC 8058's one-click unsubscribe: the token is the e-mailed secret, no sign-in needed. */
  unsubscribe: anyone.mutation(shape.unsubscribeInput, shape.unsubscribeLink, unsubscribe, {
    rest: "POST /unsubscribe/:token",
    description:
      "The one-click unsubscribe of RFC 8058 (mail clients post `List-Unsubscribe=One-Click`, which is not read): turns the e-mail of the link's kind off for its account.",
    limit: { perAddress: { capacity: 120, refillSeconds: 60 } },
  }),
});
