-- The daily review aging (domains/reviews/aging.ts) asks which reviews crossed the average's window in the last
-- few days; without an index on when a review was written it read every review (197 ms at 2.8 million, growing
-- with the market). With one, it reads the few days' reviews it refreshes.
CREATE INDEX "ratings_aging_idx" ON "ratings" USING btree ("created_at") WHERE "removed_at" IS NULL;
