// What the notification settings page reads, declared once for its route and its component.
import { trpcUtils } from "../../trpc";

export const notificationQueries = {
  preferences: () => trpcUtils.notifications.preferences.queryOptions(),
};
