// How the CRM page words and colours what the server answers (docs/product/crm.md#sync-status): sync status, delivery
// status, provider auth types, events, and the times of syncs and deliveries.
import { CRM_EVENT_LABELS, type CrmAuthType, type CrmEvent } from "../../../shared/crm";

/** syncStatus: active green, error red, anything else (paused, pending) neutral. */
export function syncStatusPalette(status: string): "green" | "red" | "gray" {
  if (status === "active") return "green";
  if (status === "error") return "red";
  return "gray";
}

/** A sync log's status: success green, failure red. */
export function deliveryStatusPalette(status: string): "green" | "red" | "gray" {
  if (status === "success") return "green";
  if (status === "failure") return "red";
  return "gray";
}

export const AUTH_TYPE_LABELS: Record<CrmAuthType, string> = {
  api_key: "API key",
  oauth: "OAuth",
};

/** "Appointment booked" for a known event; the code itself for anything newer than this page. */
export function eventLabel(event: string): string {
  return CRM_EVENT_LABELS[event as CrmEvent] ?? event;
}

const WHEN = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });
const WHEN_EXACT = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  second: "2-digit",
});

/** "Jun 12, 2026, 9:30 AM" in the viewer's own zone. */
export function syncTime(at: Date): string {
  return WHEN.format(at);
}

/** "Jun 12, 9:30:05 AM": deliveries seconds apart (retries) stay distinguishable. */
export function deliveryTime(at: Date): string {
  return WHEN_EXACT.format(at);
}
