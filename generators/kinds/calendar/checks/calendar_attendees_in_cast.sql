-- id: calendar_attendees_in_cast
-- severity: error
-- description: every calendar belongs to a cast member, and every organiser and attendee of every meeting is one (by address), but a body invited by its list address
-- A calendar names its owner by address (X-WR-CALNAME); a meeting its organiser and attendees by
-- mailto: address. An address nobody in the cast has is a person the world never made.
with used as (
    select null as artifact_id, path, 'the calendar owner' as field, owner as address, null as summary from calendar_files
    union all
    select artifact_id, path, 'the organiser', organizer, summary from calendar_events
    union all
    select a.artifact_id, a.path, 'the attendee', a.address, e.summary
    from calendar_attendees a join calendar_events e on e.path = a.path and e.uid = a.uid
    where coalesce(a.cutype, '') <> 'GROUP'  -- a body's list address (the audit committee) is nobody of the cast
)
select artifact_id, path,
       field || ' ' || coalesce(address, '(none)') || coalesce(' of "' || summary || '"', '')
       || ' is not the address of anyone in the cast' as detail
from used
where not exists (select 1 from people p where lower(p.email) = lower(coalesce(address, '')))
