-- id: calendar_working_hours
-- severity: error
-- description: meetings are held on weekdays between start_hour and end_hour, world time, unless their title or description says why
-- params: start_hour=7, end_hour=20
-- Read in the world's timezone. A meeting that owns up to its hour (other time zones, an urgent or
-- emergency call, a weekend session, an early start) passes.
with local as (
    select e.artifact_id, e.path, e.summary, e.description, w.timezone,
           timezone(w.timezone, e.starts_at) as starts, timezone(w.timezone, e.ends_at) as ends
    from calendar_events e cross join world w
    where e.starts_at is not null
)
select artifact_id, path,
       '"' || coalesce(summary, '') || '" runs ' || strftime(starts, '%a %Y-%m-%d %H:%M') || '-' || strftime(ends, '%H:%M')
       || ' ' || timezone || case when isodow(starts) >= 6 then ', on a weekend'
                                  else ', outside ' || lpad($start_hour::varchar, 2, '0') || ':00-'
                                       || lpad($end_hour::varchar, 2, '0') || ':00' end as detail
from local
where (isodow(starts) >= 6 or hour(starts) < $start_hour
       or coalesce(ends, starts) > starts::date + make_time($end_hour, 0, 0))
  and not regexp_matches(lower(coalesce(summary, '') || ' ' || coalesce(description, '')),
        'time ?zones?|time difference|out of hours|after hours|urgent|emergency|weekend|overnight|early start|late call')
