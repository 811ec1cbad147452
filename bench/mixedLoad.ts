// The mixed load a crowd sends (bench/mixed.ts, bench/soak.ts):
//   60 % long-tail browse (every filter shape, three-letter name searches, offsets 0-96)
//   20 % profiles and their reviews        10 % a day's slot grid
//    5 % bookings and cancellations (bearer-token customers; a cancellation takes back an earlier booking)
//    5 % sign-in link requests
// Each request is named by its kind, so a slow kind cannot hide in the total. BENCH_KINDS keeps only some kinds.
import { loadCities } from "../src/server/db/cities";
import type { Sql } from "../src/server/db/client";
import { BROWSE_SPECIALTIES, RATING_FILTERS } from "../src/shared/constants";
import { SLOT_TIMES } from "../src/shared/slots";
import { addDays } from "../src/shared/time";
import { benchCustomers, type PacedRequest, seededRandom } from "./support";

export type Kind = "browse" | "profile" | "slots" | "booking" | "sign-in";
const FULL_MIX: [Kind, number][] = [
  ["browse", 0.6],
  ["profile", 0.2],
  ["slots", 0.1],
  ["booking", 0.05],
  ["sign-in", 0.05],
];
/** The mix of only these kinds (all when none are named), in the same proportions to each other. */
function mixOf(only: readonly string[] | undefined): [Kind, number][] {
  const kept = FULL_MIX.filter(([kind]) => !only || only.includes(kind));
  if (kept.length === 0) throw new Error(`${only} names none of ${FULL_MIX.map(([k]) => k).join(", ")}`);
  const keptShare = kept.reduce((sum, [, share]) => sum + share, 0);
  return kept.map(([kind, share]) => [kind, share / keptShare]);
}
/** BENCH_KINDS (e.g. "booking,sign-in") keeps only those kinds; one that names none is refused at once. */
const ONLY = process.env.BENCH_KINDS?.split(",");
if (ONLY) mixOf(ONLY);

export type MixedRequest = PacedRequest<Kind | "cancel"> & { token?: number };

/**
 * What the mix is drawn from, and where a run left it: the customers' tokens, the salespeople, the name prefixes
 * searched, the bookings made so far (the next one takes the next slot) and those that may be cancelled. Plain
 * data, so a run in another process (bench/mixedPaced.ts) goes on where this one stopped.
 */
export type MixedState = {
  tokens: string[];
  salespeople: number;
  prefixes: string[];
  /** Seeds the request generator: a run that goes on takes another sequence. */
  seed: number;
  bookingNumber: number;
  /** Bookings made that may be cancelled: [appointment id, token index]. */
  booked: [number, number][];
};

/** The mix's customers (their earlier bookings gone) and what it draws from, for a first run. */
export async function prepareMixedLoad(sql: Sql): Promise<MixedState> {
  const tokens = await benchCustomers(sql, "mixed", 100);
  const [counted] = await sql<{ n: number }[]>`select count(*)::int as n from salespeople`;
  const prefixes = (
    await sql<{ p: string }[]>`select lower(left(name, 3)) as p from salespeople group by 1 limit 400`
  ).map((r) => r.p);
  return { tokens, salespeople: counted!.n, prefixes, seed: 42, bookingNumber: 0, booked: [] };
}

/** The request generator and what it learns from answers (bookings it may cancel later). */
export async function mixedLoad(sql: Sql, base: string) {
  return mixedRequests(await prepareMixedLoad(sql), base);
}

/** Requests drawn from `from`, going on where it stopped; `state()` says where they are now. */
export function mixedRequests(from: MixedState, base: string, only: readonly string[] | undefined = ONLY) {
  const MIX = mixOf(only);
  const { next, pick } = seededRandom(from.seed);
  const { tokens, prefixes, salespeople: n } = from;
  const cities = loadCities().map((c) => c.city);
  const ratings = RATING_FILTERS.map((r) => r.value);
  const today = new Date().toISOString().slice(0, 10);
  const firstDay = addDays(today, 3);
  const booked = [...from.booked];
  let bookingNumber = from.bookingNumber;

  function browsePath(): string {
    const q: Record<string, string> = { offset: String(12 * Math.floor(next() * 9)) };
    const shape = Math.floor(next() * 6);
    if (shape === 0 || shape === 1 || shape === 2) q.city = pick(cities);
    if (shape === 1 || shape === 4) q.rating = pick(ratings);
    if (shape === 2 || shape === 4 || shape === 5) q.specialty = pick(BROWSE_SPECIALTIES);
    if (shape === 3 || shape === 5) q.search = pick(prefixes);
    if (shape === 3) q.yearsOfExperience = String(Math.floor(next() * 20));
    return `/api/salespeople?${new URLSearchParams(q)}`;
  }

  function choose(): Kind {
    let r = next();
    for (const [kind, share] of MIX) {
      if (r < share) return kind;
      r -= share;
    }
    return MIX[MIX.length - 1]![0];
  }

  type Request = MixedRequest;
  function nextRequest(): Request {
    const kind = choose();
    const id = 1 + Math.floor(next() * n);
    switch (kind) {
      case "browse":
        return { kind, path: browsePath() };
      case "profile":
        return { kind, path: next() < 0.5 ? `/api/salespeople/${id}` : `/api/salespeople/${id}/ratings` };
      case "slots":
        return {
          kind,
          path: `/api/appointments/salesperson/${id}/${addDays(today, 1 + Math.floor(next() * 14))}`,
        };
      case "booking": {
        // One in five is a cancellation of an earlier booking of this run.
        const earlier = next() < 0.2 ? booked.shift() : undefined;
        if (earlier) {
          return {
            kind: "cancel",
            method: "PATCH",
            path: `/api/appointments/${earlier[0]}/cancel`,
            headers: { "content-type": "application/json", authorization: `Bearer ${tokens[earlier[1]]}` },
            body: JSON.stringify({ id: earlier[0] }),
          };
        }
        const k = bookingNumber++;
        const token = k % tokens.length;
        return {
          kind,
          token,
          method: "POST",
          path: "/api/appointments",
          headers: { "content-type": "application/json", authorization: `Bearer ${tokens[token]}` },
          body: JSON.stringify({
            salespersonId: 1 + (k % n),
            date: addDays(firstDay, Math.floor(k / n) % 60),
            time: SLOT_TIMES[Math.floor(k / (60 * n)) % SLOT_TIMES.length],
            appointmentType: "Test Drive",
            customerName: "Mixed Load",
            customerPhone: "(512) 555-0100",
            customerEmail: `mixed-${token}@example.org`,
          }),
        };
      }
      default:
        return {
          kind: "sign-in",
          method: "POST",
          path: "/api/auth/request-login",
          headers: { "content-type": "application/json", origin: base },
          body: JSON.stringify({ email: `visitor-${Math.floor(next() * 1e6)}@example.org` }),
        };
    }
  }
  function onAnswer(request: Request, status: number, body: string) {
    if (request.kind === "booking" && status === 201) {
      const id = (JSON.parse(body) as { id?: number }).id;
      if (id) booked.push([id, request.token ?? 0]);
    }
  }

  /** Where the requests are: another generator started from it books new slots and may cancel these bookings. */
  function state(): MixedState {
    return { tokens, salespeople: n, prefixes, seed: from.seed + 1, bookingNumber, booked: [...booked] };
  }

  return { nextRequest, onAnswer, state, salespeople: n };
}
