// The process's Prometheus registry and the series the app itself counts (docs/operations/observability.md).
// Services record through the small `AppMetrics` they receive with their dependencies, never prom-client.
import { Counter, collectDefaultMetrics, Histogram, Registry } from "prom-client";

/** One registry per process: what GET /metrics and the METRICS_PORT listener answer. */
export const registry = new Registry();

/**
 * Request durations in seconds. The app answers most requests in a few milliseconds, so the buckets are fine
 * at the bottom (1 ms .. 25 ms) and reach 2.5 s for the long tail; the default buckets start at 5 ms.
 */
export const httpRequestDuration = new Histogram({
  name: "http_request_duration_seconds",
  help: "Time from a request's arrival to its answer, by method, route template and status code",
  labelNames: ["method", "route", "status"] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers: [registry],
});

/** The ways in: `password` is the administrators' console (password and admin code). */
export type SignInMethod = "password" | "magic_link" | "passkey" | "oidc" | "second_factor";
export type SignInResult = "ok" | "failed";

const signIns = new Counter({
  name: "sign_ins_total",
  help: "Sign-in attempts that ended, by way in (password is the administrators' console) and result",
  labelNames: ["method", "result"] as const,
  registers: [registry],
});

export type BookingResult = "booked" | "conflict" | "rescheduled" | "cancelled";

const bookings = new Counter({
  name: "bookings_total",
  help: "Appointments booked, refused for overlapping another (conflict), rescheduled and cancelled",
  labelNames: ["result"] as const,
  registers: [registry],
});

/** What the app delivers to other systems: e-mail, CRM webhooks, CRM connection tests, geocoder lookups. */
export type DeliveryKind = "email" | "crm_webhook" | "crm_test" | "geocoder";
/** `retried`: the attempt failed and the job queue tries again; `failed`: nothing will (its last attempt). */
export type DeliveryResult = "ok" | "failed" | "retried";

const deliveries = new Counter({
  name: "outbound_deliveries_total",
  help: "Outbound deliveries by kind and result (retried: failed, another attempt follows; failed: none does)",
  labelNames: ["kind", "result"] as const,
  registers: [registry],
});

/** What services record, received with their dependencies (AppDeps.metrics), so tests can pass their own. */
export type AppMetrics = {
  signIn: (method: SignInMethod, result: SignInResult) => void;
  booking: (result: BookingResult) => void;
  delivery: (kind: DeliveryKind, result: DeliveryResult) => void;
};

/** The process's own counters. */
export const appMetrics: AppMetrics = {
  signIn: (method, result) => signIns.inc({ method, result }),
  booking: (result) => bookings.inc({ result }),
  delivery: (kind, result) => deliveries.inc({ kind, result }),
};

let defaultsStarted = false;

/**
 * Node's own series (prom-client's defaults): event-loop delay percentiles, GC pauses by kind, heap, RSS, open
 * handles. Once per process, by the server: they start an event-loop monitor and a GC observer.
 */
export function collectNodeMetrics(): void {
  if (defaultsStarted) return;
  defaultsStarted = true;
  collectDefaultMetrics({
    register: registry,
    // Pauses of a fast app: a minor GC takes well under a millisecond, a major one tens.
    gcDurationBuckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    eventLoopMonitoringPrecision: 10,
  });
}
