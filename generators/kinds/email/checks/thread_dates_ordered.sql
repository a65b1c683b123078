-- id: thread_dates_ordered
-- severity: error
-- description: Date headers never go back in time along a thread, by its References chain and in the plan's order
-- Two readings of a thread: every message a References header names was sent no later than the
-- message that names it; and, in the order the plan gives the thread, each message is dated no
-- earlier than the one before it. (A reply's own parent is reply_after_parent's check as well.)
with refs as (
    select e.artifact_id, e.path, e.sent_at, unnest(e.refs) as target
    from emails e
    where len(e.refs) > 0 and e.sent_at is not null
),
by_position as (
    select e.artifact_id, e.path, e.sent_at, a.thread, a.position,
           lag(e.sent_at) over w as prev_at, lag(e.artifact_id) over w as prev_id
    from emails e
    join artifacts a on a.id = e.artifact_id
    window w as (partition by a.thread order by a.position, e.path)
)
select r.artifact_id, r.path,
       'sent ' || r.sent_at::varchar || ', before ' || coalesce(p.artifact_id, p.path) || ' (sent ' || p.sent_at::varchar
       || ') which its References header names' as detail
from refs r
join emails p on p.message_id = r.target
where p.sent_at > r.sent_at
union all
select artifact_id, path,
       'message ' || position || ' of thread ' || thread || ' is sent ' || sent_at::varchar
       || ', before the message before it (' || prev_id || ', sent ' || prev_at::varchar || ')'
from by_position
where prev_at > sent_at
