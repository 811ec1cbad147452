// Rounding of the figures people read (averages, rates, trends): one rule, so a page, an export and the
// API agree on the last digit.

/** `value` rounded to `digits` decimal places (halves round up, as Math.round does). */
export function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** As round, for figures that may be missing (an average over no rows); PostgreSQL numerics come as text. */
export function roundOrNull(value: number | string | null | undefined, digits: number): number | null {
  return value === null || value === undefined ? null : round(Number(value), digits);
}
