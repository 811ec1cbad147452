// Cron expressions for the job queue's schedules, checked once a minute. Parsed once into the values each field
// allows, so checking a minute is five set lookups. pg-boss's own scheduler asked cron-parser for each schedule's
// previous time every 30 seconds instead: 7-18 ms of the event loop per schedule, a stall every request of the
// moment waited out (docs/decisions/014-schedules.md).

/** A parsed expression: the minutes, hours, days of the month, months and weekdays (0 = Sunday) it allows. */
export type Cron = {
  minute: ReadonlySet<number>;
  hour: ReadonlySet<number>;
  dayOfMonth: ReadonlySet<number>;
  month: ReadonlySet<number>;
  dayOfWeek: ReadonlySet<number>;
  /** Whether the day-of-month and weekday fields were `*` (cron matches a day on either only when both are set). */
  anyDayOfMonth: boolean;
  anyDayOfWeek: boolean;
};

const FIELDS = [
  { name: "minute", min: 0, max: 59 },
  { name: "hour", min: 0, max: 23 },
  { name: "day of month", min: 1, max: 31 },
  { name: "month", min: 1, max: 12 },
  // 7 is Sunday too.
  { name: "day of week", min: 0, max: 7 },
] as const;

/**
 * Parses a five-field expression (`*`, numbers, `a-b` ranges, `/n` steps, comma lists; no names). Throws an
 * error naming the field for anything else.
 */
export function parseCron(expression: string): Cron {
  const parts = expression.trim().split(/\s+/);
  if (parts.length !== 5)
    throw new Error(`cron "${expression}": expected five fields, found ${parts.length}`);
  const [minute, hour, dayOfMonth, month, dayOfWeek] = FIELDS.map((field, i) =>
    parseField(expression, parts[i]!, field),
  ) as [Set<number>, Set<number>, Set<number>, Set<number>, Set<number>];
  if (dayOfWeek.delete(7)) dayOfWeek.add(0);
  return {
    minute,
    hour,
    dayOfMonth,
    month,
    dayOfWeek,
    anyDayOfMonth: parts[2] === "*",
    anyDayOfWeek: parts[4] === "*",
  };
}

function parseField(
  expression: string,
  text: string,
  { name, min, max }: (typeof FIELDS)[number],
): Set<number> {
  const values = new Set<number>();
  for (const item of text.split(",")) {
    const match = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(item);
    const invalid = () =>
      new Error(`cron "${expression}": invalid ${name} "${item}" (allowed ${min}-${max})`);
    if (!match) throw invalid();
    const [, , first, last, step] = match;
    const from = first === undefined ? min : Number(first);
    // `a/n` runs from a to the field's end, as `*/n` runs from its start.
    const to = last !== undefined ? Number(last) : first === undefined || step !== undefined ? max : from;
    const by = step === undefined ? 1 : Number(step);
    if (from < min || to > max || from > to || by < 1) throw invalid();
    for (let value = from; value <= to; value += by) values.add(value);
  }
  return values;
}

/** Whether the expression allows the minute of `at` (in UTC). */
export function cronMatches(cron: Cron, at: Date): boolean {
  if (!cron.minute.has(at.getUTCMinutes()) || !cron.hour.has(at.getUTCHours())) return false;
  if (!cron.month.has(at.getUTCMonth() + 1)) return false;
  const dayOfMonth = cron.dayOfMonth.has(at.getUTCDate());
  const dayOfWeek = cron.dayOfWeek.has(at.getUTCDay());
  // Both restricted: either one will do (as every cron reads it); otherwise the `*` one allows every day.
  if (!cron.anyDayOfMonth && !cron.anyDayOfWeek) return dayOfMonth || dayOfWeek;
  return dayOfMonth && dayOfWeek;
}
