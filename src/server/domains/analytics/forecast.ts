// Ordinary least squares over monthly figures, and the forecast it gives with a 95% prediction interval:
// value ± t(0.975, n-2) · s · sqrt(1 + 1/n + (x - x̄)² / Sxx), where s is the standard error of the estimate.
import { PREDICTION_MIN_MONTHS } from "../../../shared/analytics";
import { round } from "../../../shared/numbers";
import type { Forecast } from "../../../shared/schemas/analytics";

/** Two-sided 95% quantiles of Student's t for 1-30 degrees of freedom; 1.96 beyond. */
const T_975 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131,
  2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];

export function tQuantile975(degreesOfFreedom: number): number {
  return T_975[degreesOfFreedom - 1] ?? 1.96;
}

export type Fit = { slope: number; intercept: number; rSquared: number | null; standardError: number };

/** The least-squares line through (0, y0), (1, y1), ... */
export function leastSquares(values: readonly number[]): Fit {
  const n = values.length;
  const meanX = (n - 1) / 2;
  const meanY = values.reduce((s, v) => s + v, 0) / n;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  values.forEach((y, x) => {
    sxx += (x - meanX) ** 2;
    sxy += (x - meanX) * (y - meanY);
    syy += (y - meanY) ** 2;
  });
  const slope = sxx > 0 ? sxy / sxx : 0;
  const intercept = meanY - slope * meanX;
  const residual = values.reduce((s, y, x) => s + (y - (intercept + slope * x)) ** 2, 0);
  return {
    slope,
    intercept,
    rSquared: syy > 0 ? 1 - residual / syy : null,
    standardError: n > 2 ? Math.sqrt(residual / (n - 2)) : 0,
  };
}

/** Fits `history` (oldest first) and forecasts the months named in `ahead`; values never go below zero. */
export function forecast(
  history: { month: string; value: number }[],
  ahead: string[],
  valueDigits = 0,
): Forecast {
  if (history.length < PREDICTION_MIN_MONTHS)
    return {
      history,
      forecast: [],
      slope: 0,
      intercept: 0,
      rSquared: null,
      standardError: 0,
      note: `A forecast needs at least ${PREDICTION_MIN_MONTHS} complete months of history; there ${history.length === 1 ? "is" : "are"} ${history.length}.`,
    };
  const values = history.map((h) => h.value);
  const fit = leastSquares(values);
  const n = values.length;
  const meanX = (n - 1) / 2;
  const sxx = values.reduce((s, _, x) => s + (x - meanX) ** 2, 0);
  const t = tQuantile975(n - 2);
  return {
    history,
    forecast: ahead.map((month, i) => {
      const x = n + i;
      const value = fit.intercept + fit.slope * x;
      const margin = t * fit.standardError * Math.sqrt(1 + 1 / n + (x - meanX) ** 2 / sxx);
      return {
        month,
        value: round(Math.max(0, value), valueDigits),
        low: round(Math.max(0, value - margin), valueDigits),
        high: round(Math.max(0, value + margin), valueDigits),
      };
    }),
    slope: round(fit.slope, 4),
    intercept: round(fit.intercept, 4),
    rSquared: fit.rSquared === null ? null : round(fit.rSquared, 4),
    standardError: round(fit.standardError, 4),
    note: null,
  };
}
