-- id: calendar_copies_agree
-- severity: error
-- description: every planned meeting is on the calendar of each of its people the room holds calendars for, at its planned time, and a calendar holds only meetings its owner attends
-- The same meeting (one UID, and in a series one occurrence: the loader's artifact_id) is copied into the calendar of everyone at it whose calendar the room holds (the
-- people of the room's own organisation: the plan's 'calendar' rows; a bundle without them, everyone at it); a
-- copy missing, moved or held by someone who is not at the meeting is a calendar no real system would show.
with planned as (
    select m.artifact_id, m.uid, m.summary, m.starts_at, m.ends_at, a.author
    from planned_meetings m join artifacts a on a.id = m.artifact_id
),
expected as (
    select p.*, pe.email
    from planned p
    join (select artifact_id, person_id from planned_recipients where kind = 'calendar'
          union select artifact_id, person_id from (
              select artifact_id, author as person_id from planned
              union select artifact_id, person_id from planned_recipients where kind = 'attendee') everyone
          where artifact_id not in (select artifact_id from planned_recipients where kind = 'calendar')
         ) o using (artifact_id)
    join people pe on pe.id = o.person_id
),
held as (
    select e.*, f.owner from calendar_events e join calendar_files f on f.path = e.path
)
select x.artifact_id, coalesce(c.path, x.email) as path,
       case when c.path is null then x.email || ' has no calendar in the room, so "' || x.summary || '" is on none of theirs'
            when h.uid is null then 'the calendar of ' || x.email || ' lacks "' || x.summary || '" (' || x.uid || ')'
            else 'the calendar of ' || x.email || ' has "' || x.summary || '" at '
                 || strftime(h.starts_at, '%Y-%m-%d %H:%M UTC') || ', not at the planned '
                 || strftime(x.starts_at, '%Y-%m-%d %H:%M UTC') end as detail
from expected x
left join calendar_files c on lower(c.owner) = lower(x.email)
left join held h on h.path = c.path and h.artifact_id = x.artifact_id
where c.path is null or h.uid is null or h.starts_at <> x.starts_at or h.ends_at <> x.ends_at
union all
select h.artifact_id, h.path, 'the calendar of ' || coalesce(h.owner, h.path) || ' holds "' || coalesce(h.summary, '') || '", which its owner does not attend'
from held h
where lower(coalesce(h.owner, '')) <> lower(coalesce(h.organizer, ''))
  and not exists (select 1 from calendar_attendees a where a.path = h.path and a.uid = h.uid
                  and lower(a.address) = lower(coalesce(h.owner, '')))
