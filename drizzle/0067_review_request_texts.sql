-- A completed visit's request to review goes by text as well as by e-mail to a buyer who confirmed a number: one
-- per visit, its row the claim, as a reminder's is.
ALTER TABLE "text_messages" DROP CONSTRAINT "text_messages_purpose_check";--> statement-breakpoint
ALTER TABLE "text_messages" ADD CONSTRAINT "text_messages_purpose_check" CHECK ("text_messages"."purpose" in ('code', 'reminder_day_before', 'reminder_two_hours', 'review_request', 'reply', 'inbound'));--> statement-breakpoint
DROP INDEX "text_messages_reminder_claim_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "text_messages_reminder_claim_idx" ON "text_messages" USING btree ("appointment_id","purpose") WHERE "text_messages"."purpose" in ('reminder_day_before', 'reminder_two_hours', 'review_request');
