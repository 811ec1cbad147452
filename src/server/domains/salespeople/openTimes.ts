// When each salesperson of the browse index is open in an availability filter's spans (today, the weekend, a
// date: a span in each zone): the filter that keeps them (indexPlan.ts), and what it keeps with the index
// (IndexData.openTimesOf) until a salesperson changes.
import type { IndexData } from "./indexData";
import type { Filter } from "./indexPlan";

/**
 * The sets of spans whose open times are kept: today, the weekend and each date of the kept open times, with
 * room for a day's change.
 */
const OPEN_TIMES_KEPT = 24;

/**
 * What is kept of when each slot is open in an availability filter's spans: `until`, the last instant (NaN until
 * worked out), and `state`, for the minute `minute`: open all of it (OPEN), none of it (SHUT), or to be read
 * from `until` (ASK: it closes within the minute, or changed since).
 */
export type OpenTimes = { until: Float64Array; state: Uint8Array; minute: number };
const SHUT = 0;
const ASK = 1;
const OPEN = 2;

/** The open times of the spans asked for lately, by a key naming the spans; the oldest dropped past a few. */
export class KeptOpenTimes {
  private readonly bySpans = new Map<string, OpenTimes>();

  /** The open times kept for `key`, made for `capacity` slots (nothing worked out yet) if none are. */
  of(key: string, capacity: number): OpenTimes {
    let times = this.bySpans.get(key);
    if (!times) {
      if (this.bySpans.size >= OPEN_TIMES_KEPT) this.bySpans.delete(this.bySpans.keys().next().value!);
      times = {
        until: new Float64Array(capacity).fill(Number.NaN),
        state: new Uint8Array(capacity),
        minute: Number.NaN,
      };
      this.bySpans.set(key, times);
    }
    return times;
  }

  /** `slot` was written again: its instants are worked out anew when next read. */
  changed(slot: number) {
    for (const times of this.bySpans.values()) {
      times.until[slot] = Number.NaN;
      times.state[slot] = ASK;
    }
  }

  /** Slots were moved or the columns grown: nothing kept holds. */
  clear() {
    this.bySpans.clear();
  }
}

/**
 * Keeps the salespeople with an open time in the span `available` names in their zone, outside their notice (as
 * the database's availability filter decides, browseConditions.ts). The last instant each is open in the spans
 * is worked out once (lastOpenInstant) and kept with the index until the salesperson changes; once a minute, a
 * pass in slot order notes who is open all that minute and who none of it (OpenTimes), so a walk reads one byte
 * a salesperson, from an array small enough to stay in the processor's cache, and the instant itself only for
 * those whose last open instant falls within the minute.
 */
export function openFilter(spans: { byCode: Float64Array; key: string }, data: IndexData, now: Date): Filter {
  const at = now.getTime();
  const minute = Math.floor(at / 60_000);
  const { byCode, key } = spans;
  return (slots, n) => {
    // Looked up as the walk runs: the index may have grown since the plan was made.
    const times = data.openTimesOf(key);
    if (times.minute !== minute) noteMinute(times, data, byCode, minute);
    const { state, until } = times;
    let kept = 0;
    for (let i = 0; i < n; i++) {
      const slot = slots[i]!;
      const known = state[slot];
      if (known === OPEN) slots[kept++] = slot;
      else if (known === ASK) {
        let last = until[slot]!;
        if (Number.isNaN(last)) {
          last = lastOpenInstant(data, slot, byCode);
          until[slot] = last;
        }
        if (at <= last) slots[kept++] = slot;
      }
    }
    return kept;
  };
}

/** Notes, for `minute`, who is open all of it and who none of it (working out every instant not known yet). */
function noteMinute(times: OpenTimes, data: IndexData, byCode: Float64Array, minute: number) {
  const { until, state } = times;
  const first = minute * 60_000;
  const last = first + 59_999;
  for (let slot = 0; slot < until.length; slot++) {
    let open = until[slot]!;
    if (Number.isNaN(open)) {
      open = lastOpenInstant(data, slot, byCode);
      until[slot] = open;
    }
    state[slot] = open >= last ? OPEN : open < first ? SHUT : ASK;
  }
  times.minute = minute;
}

/**
 * The last instant (in whole milliseconds) at which `slot` is open in its zone's span [start, end): a run of its
 * kept open times, [first, last] starts, overlaps [max(start, now + notice), end) while now + notice is at most
 * the last start of the latest run that begins before the end (runs are in order, apart), that start is not
 * before the span's, and now + notice is before the end. -Infinity when it is never (no runs, no span).
 */
export function lastOpenInstant(data: IndexData, slot: number, byCode: Float64Array): number {
  const code = data.zoneCode[slot]!;
  const start = byCode[2 * code];
  const end = byCode[2 * code + 1];
  const count = data.runCount[slot]!;
  if (count === 0 || start === undefined || end === undefined || Number.isNaN(end))
    return Number.NEGATIVE_INFINITY;
  const pool = data.runPool;
  const from = data.runAt[slot]!;
  // The runs that begin before the end: the first `first`.
  let first = 0;
  let last = count;
  while (first < last) {
    const mid = (first + last) >>> 1;
    if (pool[from + 2 * mid]! < end) first = mid + 1;
    else last = mid;
  }
  if (first === 0) return Number.NEGATIVE_INFINITY;
  const lastStart = pool[from + 2 * (first - 1) + 1]!;
  if (lastStart < start) return Number.NEGATIVE_INFINITY;
  return Math.min(lastStart, end - 1) - data.notice[slot]! * 60_000;
}
