-- Disputes that already reached administrators say why: an independent salesperson's went at once, any other
-- waited out its manager (the only two ways there were before escalation_reason).
UPDATE "visit_disputes"
   SET "escalation_reason" = CASE WHEN "dealership_id" IS NULL THEN 'independent' ELSE 'overdue' END
 WHERE "escalated_at" IS NOT NULL AND "escalation_reason" IS NULL;
