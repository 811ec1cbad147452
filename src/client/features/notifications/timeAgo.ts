const relative = new Intl.RelativeTimeFormat("en-US", { numeric: "auto" });
const shortDate = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric" });

/** "just now", "5 minutes ago", "yesterday", "3 days ago", then a date ("Jun 12"). */
export function timeAgo(at: Date, now = Date.now()): string {
  const seconds = Math.round((at.getTime() - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 60) return "just now";
  if (abs < 3600) return relative.format(Math.round(seconds / 60), "minute");
  if (abs < 86_400) return relative.format(Math.round(seconds / 3600), "hour");
  if (abs < 7 * 86_400) return relative.format(Math.round(seconds / 86_400), "day");
  return shortDate.format(at);
}
