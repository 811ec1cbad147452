// The daily refresh of averages as reviews age out of them: a review stops counting in its salesperson's
// average AVERAGE_WINDOW_MONTHS after it was written, with no change of its own to trigger refreshAggregates.
// Each run refreshes only the salespeople with a review that crossed that line since about the previous run.
import { AVERAGE_WINDOW_MONTHS } from "../../../shared/purchases";
import type { Sql } from "../../db/client";
import { lockSalesperson, refreshAggregates } from "./aggregates";

/**
 * How far back each daily run looks for crossings: three days, so a run or two missed (a restart over the
 * scheduled minute) is caught up by the next; refreshing a salesperson twice changes nothing.
 */
export const REVIEW_AGING_LOOKBACK_DAYS = 3;

/** Refreshes the aggregates of each salesperson with a review that left the window lately; returns their count. */
export async function refreshAgedAverages(sql: Sql, now = new Date()): Promise<number> {
  const due = await sql<{ salespersonId: number }[]>`
    select distinct salesperson_id as "salespersonId" from ratings
     where removed_at is null
       and created_at <= ${now}::timestamptz - make_interval(months => ${AVERAGE_WINDOW_MONTHS})
       and created_at > ${now}::timestamptz - make_interval(months => ${AVERAGE_WINDOW_MONTHS},
                                                            days => ${REVIEW_AGING_LOOKBACK_DAYS})`;
  for (const { salespersonId } of due) {
    await sql.begin(async (tx) => {
      await lockSalesperson(tx, salespersonId);
      await refreshAggregates(tx, salespersonId);
    });
  }
  return due.length;
}
