-- A signed-in caller's Idempotency-Key claims name their account, so that erasing the account deletes them with
-- the answers they keep (a booking's answer holds the name and phone typed into it).
ALTER TABLE "idempotency_claims" ADD COLUMN "user_id" uuid REFERENCES "users"("id") ON DELETE cascade;
--> statement-breakpoint
CREATE INDEX "idempotency_claims_user_idx" ON "idempotency_claims" USING btree ("user_id") WHERE "user_id" IS NOT NULL;
