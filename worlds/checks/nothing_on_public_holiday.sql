-- id: nothing_on_public_holiday
-- severity: error
-- description: no message, chat day, meeting, document or sheet is dated on a public holiday of the matter's country
-- The holidays are the matter's country's (public_holidays: the country of the world's time zone, from the
-- holidays package), so Good Friday and Easter Monday close a Frankfurt placement and the lunar new year a
-- Singapore arbitration. A weekly update sent on Good Friday, and the chat that answered it, read as a world
-- nobody had checked against a calendar (blind read 27). A message is judged by the Date header an agent reads
-- (in the world's time zone, as dates_in_window does); every other file by its date.
select e.artifact_id, e.path,
       'sent ' || strftime(timezone(w.timezone, e.sent_at), '%a %Y-%m-%d %H:%M') || ', ' || h.name
       || ', a public holiday of the matter''s country' as detail
from emails e cross join world w
join public_holidays h on h.day = timezone(w.timezone, e.sent_at)::date
where e.sent_at is not null
union all
select a.id, a.path,
       a.kind || ' dated ' || strftime(d.day, '%a %Y-%m-%d') || ', ' || h.name
       || ', a public holiday of the matter''s country'
from artifacts a
join artifact_days d on d.artifact_id = a.id
join public_holidays h on h.day = d.day
where a.kind <> 'email'
