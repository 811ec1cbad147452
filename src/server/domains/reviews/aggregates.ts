// Keeps a salesperson's averageRating, totalReviews and pressureAverage equal to the aggregate over their
// published reviews. Call inside the transaction that changes reviews, after lockSalesperson.

import { appError } from "../../appError";
import type { Queryable } from "../../db/client";
import { publishedReview } from "./published";

/** Serialises review changes per salesperson, so each recomputation sees every committed review. */
export async function lockSalesperson(tx: Queryable, salespersonId: number): Promise<void> {
  const [row] = await tx`select id from salespeople where id = ${salespersonId} for update`;
  if (!row) throw appError("NOT_FOUND", "Salesperson Not Found", "SALESPERSON_NOT_FOUND");
}

export async function refreshAggregates(tx: Queryable, salespersonId: number): Promise<void> {
  await tx`
    update salespeople s set
      average_rating = coalesce(agg.avg, 0),
      total_reviews = agg.n,
      pressure_average = agg.pressure,
      updated_at = now()
      from (select round(avg(overall_rating), 2) as avg, count(*)::int as n, round(avg(pressure_level_rating), 2) as pressure
              from ratings where salesperson_id = ${salespersonId} and ${publishedReview(tx)}) agg
     where s.id = ${salespersonId}`;
}
