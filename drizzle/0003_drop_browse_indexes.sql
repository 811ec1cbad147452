DROP INDEX "salespeople_rank_idx";--> statement-breakpoint
DROP INDEX "salespeople_city_rank_idx";--> statement-breakpoint
DROP INDEX "salespeople_specialties_idx";