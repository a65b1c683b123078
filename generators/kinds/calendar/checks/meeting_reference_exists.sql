-- id: meeting_reference_exists
-- severity: error
-- description: every meeting a message, document or chat names by its title and day ("Kick-off meeting, March 3") is on the calendars on that day
-- A minutes document or a follow-up email names the meeting it records; an agent looks it up. The
-- title is any meeting title of the room's calendars; the day is the month and day written after it
-- (after a comma, "of", "on" or a dash). Whether the meeting is then on each attendee's calendar is
-- calendar_copies_agree's question.
with titles as (
    select distinct summary, regexp_escape(summary) as pattern from calendar_events where len(summary) >= 4
),
mentions as (
    select t.artifact_id, t.path, s.summary,
           unnest(regexp_extract_all(t.text, s.pattern || '(?:,| -| of| on| held on)*\s+(?:January|February|March|April|May|June|July|August|September|October|November|December)\s+\d{1,2}\b')) as said
    from realism_text t join titles s on contains(t.text, s.summary)
    where t.kind <> 'calendar'
),
refs as (
    select distinct artifact_id, path, summary, said,
           regexp_extract(said, '(January|February|March|April|May|June|July|August|September|October|November|December)\s+(\d{1,2})\b$', 1) as month,
           regexp_extract(said, '(January|February|March|April|May|June|July|August|September|October|November|December)\s+(\d{1,2})\b$', 2)::integer as day
    from mentions
)
select r.artifact_id, r.path, 'it names "' || r.said || '", but no calendar has "' || r.summary || '" on ' || r.month || ' ' || r.day as detail
from refs r
where not exists (
    select 1 from calendar_events e cross join world w
    where e.summary = r.summary
      and strftime(timezone(w.timezone, e.starts_at), '%B') = r.month
      and day(timezone(w.timezone, e.starts_at)) = r.day)
