-- id: forward_to_someone_new
-- severity: error
-- description: every forward reads as one (a Fwd: subject and the forwarded message below) and reaches someone the thread had not reached before
-- A forward to people who already have the message tells no one anything ("looping in" a colleague
-- who was copied all along). Who was reached is read from the parsed messages: the senders and every
-- To and Cc address of the earlier messages of the same thread. Where the whole cast was already on the
-- thread (a very small world) there is no one new to tell, and a forward is not held to it.
with msgs as (
    select a.id, a.thread, a.position, e.path, e.subject, e.body, lower(e.from_addr) as sender
    from artifacts a
    join emails e on e.artifact_id = a.id
    where a.kind = 'email' and a.mode = 'forward'
),
earlier as (
    select a.thread, a.position, lower(r.address) as address
    from artifacts a join recipients r on r.artifact_id = a.id
    union all
    select a.thread, a.position, lower(e.from_addr)
    from artifacts a join emails e on e.artifact_id = a.id
)
select f.id as artifact_id, f.path,
       case when not regexp_matches(coalesce(f.subject, ''), '(?i)^\s*(fwd?|fw)\s*:')
                 then 'a forward whose subject does not say so: "' || coalesce(f.subject, '') || '"'
            when not regexp_matches(coalesce(f.body, ''), '(?im)^-{5,}\s*(?:Forwarded|Original) message')
                 then 'a forward without the forwarded message below it'
            else 'the forward reaches no one new: every recipient was already on the thread' end as detail
from msgs f
where not regexp_matches(coalesce(f.subject, ''), '(?i)^\s*(fwd?|fw)\s*:')
   or not regexp_matches(coalesce(f.body, ''), '(?im)^-{5,}\s*(?:Forwarded|Original) message')
   or (exists (select 1 from people p
               where lower(p.email) not in (select address from earlier e where e.thread = f.thread and e.position < f.position))
       and not exists (
        select 1 from recipients r
        where r.artifact_id = f.id
          and lower(r.address) <> f.sender
          and lower(r.address) not in (select address from earlier p where p.thread = f.thread and p.position < f.position)))
