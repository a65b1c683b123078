-- id: record_after_meeting
-- severity: error
-- description: a record of a meeting on the calendar (its minutes or notes, or a follow-up) exists only once the meeting is over: it is not dated before the meeting, and no message carries or sends it before the meeting's end
-- Blind read 33: notes of a meeting sent before the meeting they record. A record names its meeting by the meeting's
-- title; it is of the meeting held on the day its title names, else on its own day. buyside-diligence's notes of the
-- Thursday call (16:00 to 16:45) went out at 15:00, 16:30 and 16:38 on the call's day (seeds 0, 35, 61), which
-- minutes_sent_after_meeting (from midday) let pass.
with records as (
    select a.id, a.title, d.day,
           regexp_extract(a.title, '(January|February|March|April|May|June|July|August|September|October|November|December)\s+(\d{1,2})\b', 0) as named
    from artifacts a join artifact_days d on d.artifact_id = a.id
    where a.kind <> 'calendar'
      and (a.doc_type = 'minutes'
           or regexp_matches(a.title, '(?i)\b(minutes|notes|note of|attendance note|follow-up|read-out|debrief)\b'))
      -- (notes for a meeting are not its record: briefing, speaking or preparation notes, an agenda)
      and not regexp_matches(a.title, '(?i)\b(briefing|speaking|talking|prep|preparation|preparatory|agenda|pre-read)\b')
),
held as (
    select id, title, day as dated,
           coalesce(case when named <> '' then try_strptime(named || ' ' || year(day)::varchar, '%B %d %Y')::date end, day) as day
    from records
),
of_meeting as (
    select h.id, h.title, h.dated, m.summary, m.starts_at, m.ends_at
    from held h
    join planned_meetings m on contains(lower(h.title), lower(m.summary))
    cross join world w
    where timezone(w.timezone, m.starts_at)::date = h.day
),
sent as (
    -- a message that attaches the record, and a message that is the record (its subject the record's title)
    select pa.artifact_id, pa.attached_id as record_id from planned_attachments pa
    union all
    select id, id from artifacts where kind = 'email'
)
select distinct e.artifact_id, e.path,
       'sends "' || o.title || '" at ' || strftime(timezone(w.timezone, e.sent_at), '%H:%M') || ' on '
       || strftime(timezone(w.timezone, e.sent_at), '%Y-%m-%d') || ', before "' || o.summary || '" it records ends at '
       || strftime(timezone(w.timezone, o.ends_at), '%H:%M') as detail
from sent s
join of_meeting o on o.id = s.record_id
join emails e on e.artifact_id = s.artifact_id
cross join world w
where e.sent_at < o.ends_at
union all
-- ...and a record dated before the day of the meeting it names ('Minutes: Board meeting, May 19' dated May 18)
select distinct a.id, a.path,
       'is dated ' || o.dated::varchar || ', before "' || o.summary || '" it records, held on '
       || strftime(timezone(w.timezone, o.starts_at), '%Y-%m-%d') as detail
from of_meeting o
join artifacts a on a.id = o.id
cross join world w
where o.dated < timezone(w.timezone, o.starts_at)::date
