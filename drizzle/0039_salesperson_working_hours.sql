ALTER TABLE "salespeople" ADD COLUMN "working_hours" jsonb;
