CREATE OR REPLACE FUNCTION public.salesperson_openings_booked()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
END $function$

