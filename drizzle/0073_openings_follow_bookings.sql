-- A booking no longer waits for the refresh job to take its times out of its salesperson's kept open times: the
-- booking's own statement does, by the rule the slot grid follows (a grid time s is taken by a visit held from a
-- for m minutes when s < a + m and a < s + the shortest visit and its gap), where the row can follow it: fresh,
-- with no daily limit (a limit reached closes the whole day), one new visit. Everything else still marks the row
-- stale for the job. Each salesperson recomputed after a booking cost the server ~0.27 ms and PostgreSQL ~0.34 ms
-- (bench/README.md, 2026-12-06).
--
-- The open times themselves were kept twice, as a list (open_starts) and as runs of consecutive grid times
-- (open_ranges); the runs alone say the same (each run's times are its first and every half hour after it, up to
-- its last), and writing the list was over half of a recompute's write.
ALTER TABLE "salesperson_openings" DROP COLUMN "open_starts";--> statement-breakpoint
-- The minutes a kept time needs free from its start (the shortest visit and the gap after it); null where a
-- booking cannot be followed here (a daily limit, rules that cannot be read): it marks the row stale.
ALTER TABLE "salesperson_openings" ADD COLUMN "hold_minutes" integer;--> statement-breakpoint
-- Counts the changes made to the row's times in place: a recompute writes its times only over the row it read.
ALTER TABLE "salesperson_openings" ADD COLUMN "version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE FUNCTION "openings_first"(ranges tstzmultirange, not_before timestamptz) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN lower(r) >= not_before THEN lower(r)
              ELSE lower(r) + make_interval(mins => 30 * ceil(extract(epoch FROM not_before - lower(r)) / 1800)::int)
         END
    FROM unnest(ranges) r
   WHERE upper(r) >= not_before
   ORDER BY lower(r)
   LIMIT 1
$$;--> statement-breakpoint
CREATE FUNCTION "openings_without"(ranges tstzmultirange, after timestamptz, before timestamptz)
  RETURNS tstzmultirange LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(range_agg(part), '{}')
    FROM (SELECT r AS part FROM unnest(ranges) r WHERE upper(r) <= after OR lower(r) >= before
          UNION ALL
          SELECT tstzrange(lower(r), lower(r) + make_interval(mins => 30 * floor(extract(epoch FROM after - lower(r)) / 1800)::int), '[]')
            FROM unnest(ranges) r WHERE upper(r) > after AND lower(r) < before AND lower(r) <= after
          UNION ALL
          SELECT tstzrange(lower(r) + make_interval(mins => 30 * ceil(extract(epoch FROM before - lower(r)) / 1800)::int), upper(r), '[]')
            FROM unnest(ranges) r WHERE upper(r) > after AND lower(r) < before AND upper(r) >= before) parts
$$;--> statement-breakpoint
CREATE FUNCTION "salesperson_openings_booked"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE salesperson_openings o
     SET (open_ranges, next_open_at, bookable_until, version) = (
           SELECT k.ranges, k.next, k.next - make_interval(mins => o.notice_minutes), o.version + 1
             FROM (SELECT r.ranges,
                          openings_first(r.ranges, greatest(now() + interval '1 microsecond',
                                                            now() + make_interval(mins => o.notice_minutes))) AS next
                     FROM (SELECT openings_without(o.open_ranges, b.starts_at - make_interval(mins => o.hold_minutes),
                                                   b.starts_at + make_interval(mins => b.minutes)) AS ranges) r) k)
    FROM (SELECT salesperson_id, min(starts_at) AS starts_at, min(duration_minutes + buffer_minutes) AS minutes
            FROM touched WHERE status = 'scheduled' GROUP BY salesperson_id HAVING count(*) = 1) b
   WHERE o.salesperson_id = b.salesperson_id AND o.hold_minutes IS NOT NULL AND NOT o.stale;
  UPDATE salesperson_openings SET stale = true
   WHERE NOT stale AND salesperson_id IN (SELECT salesperson_id FROM touched WHERE status = 'scheduled')
     AND (hold_minutes IS NULL
          OR salesperson_id IN (SELECT salesperson_id FROM touched WHERE status = 'scheduled'
                                 GROUP BY salesperson_id HAVING count(*) > 1));
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER "appointments_openings_added" ON "appointments";--> statement-breakpoint
CREATE TRIGGER "appointments_openings_added" AFTER INSERT ON "appointments" REFERENCING NEW TABLE AS touched
  FOR EACH STATEMENT EXECUTE FUNCTION "salesperson_openings_booked"();
