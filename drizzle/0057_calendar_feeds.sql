-- A salesperson's private calendar feed: an address with a secret that calendar apps subscribe to. Stored as the
-- SHA-256 of the secret (a 160-bit random token); one per salesperson, replaced when they make a new one, gone
-- when they turn it off or their profile is deleted.
CREATE TABLE "calendar_feeds" (
  "salesperson_id" integer PRIMARY KEY NOT NULL REFERENCES "salespeople"("id") ON DELETE CASCADE,
  "token_hash" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "last_read_at" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_hash_idx" ON "calendar_feeds" USING btree ("token_hash");
