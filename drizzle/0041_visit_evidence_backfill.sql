-- What each visit completed before evidence was recorded rests on, read from its status trail: the latest change
-- to completed by the platform is 'auto', from no-show (an upheld dispute) is 'dispute_upheld', any other (the
-- salesperson or their manager, or a visit with no trail) is 'salesperson'.
update appointments a
   set visit_evidence = case
         when last.actor_role = 'system' then 'auto'
         when last.from_status = 'no-show' then 'dispute_upheld'
         else 'salesperson' end
  from appointments x
  left join lateral (select e.actor_role, e.from_status from appointment_events e
                      where e.appointment_id = x.id and e.to_status = 'completed'
                      order by e.created_at desc, e.id desc limit 1) last on true
 where x.id = a.id and a.status = 'completed' and a.visit_evidence is null;
