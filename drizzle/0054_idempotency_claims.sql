-- Requests sent with an Idempotency-Key: the first claims the key for its caller, and its answer is kept for a
-- day so that a retry of the same request gets the same answer instead of acting twice.
CREATE TABLE "idempotency_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"principal" text NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"committed" boolean DEFAULT false NOT NULL,
	"status" integer,
	"content_type" text,
	"body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "idempotency_claims_principal_key" UNIQUE("principal","key"),
	CONSTRAINT "idempotency_claims_key_length" CHECK (char_length("key") between 1 and 255)
);
--> statement-breakpoint
CREATE INDEX "idempotency_claims_created_idx" ON "idempotency_claims" USING btree ("created_at");
