-- The weekly e-mail report to those who lead a dealership (domains/manager/weeklyReport.ts): one row per
-- dealership, recipient and ISO week, named by its Monday in the dealership's calendar. The row is claimed (inserted)
-- in the transaction that queues the report's e-mail, so whichever instance or retry claims it first is the only
-- one that queues it; `sent_at` is set in the transaction that hands the e-mail to the mail server, so a second
-- run of that e-mail's job sends nothing.
CREATE TABLE "weekly_reports" (
  "dealership_id" integer NOT NULL REFERENCES "dealerships"("id") ON DELETE CASCADE,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "week_start" date NOT NULL,
  "claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
  "sent_at" timestamp with time zone,
  CONSTRAINT "weekly_reports_pkey" PRIMARY KEY ("dealership_id", "user_id", "week_start"),
  CONSTRAINT "weekly_reports_week_start_check" CHECK (extract(isodow from "week_start") = 1)
);--> statement-breakpoint
CREATE INDEX "weekly_reports_user_idx" ON "weekly_reports" USING btree ("user_id");
