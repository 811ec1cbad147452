// Which reviews count: on the profile, in every average and in every report. A review an administrator
// holds, rejects or removes is kept on record but counts nowhere (docs/product/reviews.md#gaming-rules).
import type { Queryable } from "../../db/client";

/** The condition on a `ratings` row under `alias` (or the table's own name), as SQL text. */
export function publishedReviewText(alias = "ratings"): string {
  return `(${alias}.moderation_status = 'published' and ${alias}.removed_at is null)`;
}

/** {@link publishedReviewText} as a fragment of a tagged query. */
export function publishedReview(sql: Queryable, alias = "ratings") {
  return sql.unsafe(publishedReviewText(alias));
}
