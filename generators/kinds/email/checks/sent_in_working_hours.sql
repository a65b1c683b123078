-- id: sent_in_working_hours
-- severity: warn
-- description: emails are sent on weekdays between start_hour and end_hour, the sender's time, unless their text says why not
-- params: start_hour=7, end_hour=20
-- Read on the sender's clock, the Date header's own digits (a company the plan places abroad writes in its own
-- zone's hours: a Dubai distributor's mail is stamped +0400, blind read 27); a header with none, in the world's
-- timezone. A message that owns up to its hour ("sorry for the late reply", "over the weekend", "sent from my
-- phone", "out of hours") is explicitly marked and passes.
with local as (
    select e.artifact_id, e.path, e.body_new,
           coalesce(try_strptime(regexp_extract(e.date_header, '\d{1,2} [A-Za-z]{3} \d{4} \d{1,2}:\d{2}:\d{2}'),
                                 '%d %b %Y %H:%M:%S'), timezone(w.timezone, e.sent_at)) as at_local,
           coalesce(nullif(regexp_extract(e.date_header, '[+-]\d{4}'), ''), w.timezone) as timezone
    from emails e cross join world w
    where e.sent_at is not null
)
select artifact_id, path,
       'sent ' || strftime(at_local, '%a %Y-%m-%d %H:%M') || ' ' || timezone
       || case when isodow(at_local) >= 6 then ', on a weekend' else ', outside ' || lpad($start_hour::varchar, 2, '0')
               || ':00-' || lpad($end_hour::varchar, 2, '0') || ':00' end as detail
from local
where (isodow(at_local) >= 6
       or hour(at_local) < $start_hour
       or at_local::time > make_time($end_hour, 0, 0))
  and not regexp_matches(lower(coalesce(body_new, '')),
        'out of hours|after hours|late[- ]night|(this|the|over the) weekend|sent from my (phone|iphone|mobile)|(sorry|apologies) for the late|so late|so early|early start')
