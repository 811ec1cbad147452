// What the app frame uses of notifications: the bell in the signed-in top bar.
export { NotificationBell } from "./NotificationBell";
