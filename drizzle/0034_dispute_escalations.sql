ALTER TABLE "ratings" ADD COLUMN "rules_held_reason" text;--> statement-breakpoint
ALTER TABLE "visit_disputes" ADD COLUMN "escalation_reason" text;--> statement-breakpoint
ALTER TABLE "visit_disputes" ADD COLUMN "manager_note" text;--> statement-breakpoint
ALTER TABLE "visit_disputes" ADD COLUMN "appeal_note" text;--> statement-breakpoint
ALTER TABLE "visit_disputes" ADD CONSTRAINT "visit_disputes_escalation_reason_check" CHECK ("visit_disputes"."escalation_reason" in ('independent', 'no_other_manager', 'overdue', 'appeal'));
