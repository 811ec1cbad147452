-- salesperson_openings is written all day (a booking marks its row stale, the refresh job writes a row's two weeks
-- of open times again, the clock moves next_open_at on), so autoanalyze visits it every few minutes. Analyzing it
-- hashed every element of the open-time arrays of a 30,000-row sample, for element statistics no statement plans
-- by (none filters by what the arrays hold): 880-910 ms of a core at 105,600 salespeople, which requests then
-- waited behind. Without statistics on the arrays an analyze takes 330-380 ms (bench/README.md, 2026-12-05).
ALTER TABLE "salesperson_openings" ALTER COLUMN "open_starts" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "salesperson_openings" ALTER COLUMN "open_ranges" SET STATISTICS 0;
