// Keeps a salesperson's averageRating, totalReviews, pressureAverage and verifiedPurchaseReviews equal to the
// aggregate over their published reviews. Call inside the transaction that changes reviews, after
// lockSalesperson. Averages count the reviews of the last AVERAGE_WINDOW_MONTHS only (docs/product/reviews.md).

import { AVERAGE_WINDOW_MONTHS } from "../../../shared/purchases";
import { appError } from "../../appError";
import type { Fragment, Queryable } from "../../db/client";
import { publishedReview } from "./published";

/** Whether a review (`ratings` row `alias`) is recent enough to count in averages; older ones are only listed. */
export function averagedSql(sql: Queryable, alias = "ratings"): Fragment {
  return sql`${sql(`${alias}.created_at`)} > now() - make_interval(months => ${AVERAGE_WINDOW_MONTHS})`;
}

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
      verified_purchase_reviews = agg.purchases,
      updated_at = now()
      from (select round(avg(overall_rating) filter (where ${averagedSql(tx)}), 2) as avg, count(*)::int as n,
                   round(avg(pressure_level_rating) filter (where ${averagedSql(tx)}), 2) as pressure,
                   count(*) filter (where purchase_claim_id is not null)::int as purchases
              from ratings where salesperson_id = ${salespersonId} and ${publishedReview(tx)}) agg
     where s.id = ${salespersonId}`;
}
