ALTER TABLE "appointments" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ratings" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "dealerships" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "salespeople" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "appointments_demo_idx" ON "appointments" USING btree ("starts_at") WHERE "appointments"."demo";--> statement-breakpoint
CREATE INDEX "ratings_demo_idx" ON "ratings" USING btree ("created_at") WHERE "ratings"."demo";--> statement-breakpoint
CREATE INDEX "payments_demo_idx" ON "payments" USING btree ("paid_at") WHERE "payments"."demo";