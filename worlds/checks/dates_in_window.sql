-- id: dates_in_window
-- severity: error
-- description: every message, document and sheet is dated within the world's window, in the world's timezone
-- A message is judged by the Date header an agent reads; documents and sheets by their planned date.
select e.artifact_id, e.path,
       'sent ' || strftime(timezone(w.timezone, e.sent_at), '%Y-%m-%d %H:%M') || ' ' || w.timezone
       || ', outside the window ' || w.window_start::varchar || ' to ' || w.window_end::varchar as detail
from emails e, world w
where e.sent_at is not null
  and timezone(w.timezone, e.sent_at)::date not between w.window_start and w.window_end
union all
select a.id, a.path,
       a.kind || ' dated ' || timezone(w.timezone, a."at")::date::varchar
       || ', outside the window ' || w.window_start::varchar || ' to ' || w.window_end::varchar
from artifacts a, world w
where a.kind <> 'email'
  and timezone(w.timezone, a."at")::date not between w.window_start and w.window_end
