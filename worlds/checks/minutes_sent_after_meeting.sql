-- id: minutes_sent_after_meeting
-- severity: error
-- description: minutes go out after the meeting they record: a message that attaches them on the meeting's day is sent after midday
-- The meeting is held on the day the minutes' title names ("Minutes - Kick-off call, March 3"), else on their own date.
-- Its hour is not on file, so a meeting of the day is taken to sit in the morning at the earliest and to need writing
-- up: minutes of a day's meeting sent at 08:35 that day record a meeting that has not yet been held (blind read 27).
with minutes as (
    select a.id, a.title, d.day,
           regexp_extract(a.title, '(January|February|March|April|May|June|July|August|September|October|November|December)\s+(\d{1,2})\b', 0) as named
    from artifacts a join artifact_days d on d.artifact_id = a.id
    where a.doc_type = 'minutes'
),
held as (
    select id, title, coalesce(case when named <> '' then try_strptime(named || ' ' || year(day)::varchar, '%B %d %Y')::date end, day) as day
    from minutes
)
select e.artifact_id, e.path,
       'attaches "' || h.title || '" at ' || strftime(timezone(w.timezone, e.sent_at), '%H:%M') || ' on '
       || h.day::varchar || ', the day of the meeting it records, before midday' as detail
from planned_attachments pa
join held h on h.id = pa.attached_id
join emails e on e.artifact_id = pa.artifact_id
cross join world w
where timezone(w.timezone, e.sent_at)::date = h.day and hour(timezone(w.timezone, e.sent_at)) < 12
