-- id: chat_times_in_order
-- severity: error
-- description: the messages of a chat day file are in the order posted, posted on the day the file is named for (world time), and within the world's window
-- A message's time is its ts (epoch seconds) read in the world's timezone: the day files of the
-- export are the world's days.
with m as (
    select m.artifact_id, m.path, m.ts, m.day, timezone(w.timezone, m."at") as local, w.window_start, w.window_end,
           w.timezone, lag(m.ts) over (partition by m.path order by m.position) as prev_ts
    from chat_messages m cross join world w
)
select artifact_id, path, 'message ' || ts || ' is posted before the message above it (' || prev_ts || ')' as detail
from m
where prev_ts is not null and try_cast(ts as decimal(18, 6)) < try_cast(prev_ts as decimal(18, 6))
union all
select artifact_id, path,
       'message ' || ts || ' is posted on ' || local::date::varchar || ' (' || timezone || ') but filed under ' || day::varchar
from m
where local::date <> day
union all
select artifact_id, path,
       'message ' || ts || ' is posted ' || strftime(local, '%Y-%m-%d %H:%M') || ', outside the window '
       || window_start::varchar || ' to ' || window_end::varchar
from m
where local::date not between window_start and window_end
