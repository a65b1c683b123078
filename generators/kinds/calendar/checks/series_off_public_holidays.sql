-- id: series_off_public_holidays
-- severity: error
-- description: a recurring meeting has no occurrence on a public holiday of the matter's country: its rule leaves the day out (EXDATE) or the meeting is moved
-- nothing_on_public_holiday reads the planned meetings; the other occurrences of a weekly call's rule are the
-- calendar's own (calendar_events rows with no artifact), and a client shows each of them as a call someone must
-- join, so a "Weekly status call" on Good Friday reads as a calendar nobody kept.
-- (reported against the series' first planned meeting: the rule is written with it)
select (select min(m.artifact_id) from planned_meetings m where m.uid = e.uid) as artifact_id, e.path,
       '"' || coalesce(e.summary, '') || '" recurs on ' || strftime(timezone(w.timezone, e.starts_at), '%a %Y-%m-%d')
       || ', ' || h.name || ', a public holiday of the matter''s country' as detail
from calendar_events e cross join world w
join public_holidays h on h.day = timezone(w.timezone, e.starts_at)::date
where e.artifact_id is null and e.recurrence is not null
