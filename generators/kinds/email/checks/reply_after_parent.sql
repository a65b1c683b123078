-- id: reply_after_parent
-- severity: error
-- description: every reply and forward is dated after the message it answers
-- The message answered is the plan's parent, and also whatever the In-Reply-To header points at:
-- an agent threads by the headers, so a wrong header is as misleading as a wrong plan.
with answers as (
    select c.path as child, p.path as parent
    from artifacts a
    join emails c on c.artifact_id = a.id
    join emails p on p.artifact_id = a.parent
    union
    select c.path, p.path
    from emails c
    join emails p on p.message_id = c.in_reply_to
)
select c.artifact_id, c.path,
       'sent ' || c.sent_at::varchar || ', not after the message it answers ('
       || coalesce(p.artifact_id, p.path) || ', sent ' || p.sent_at::varchar || ')' as detail
from answers x
join emails c on c.path = x.child
join emails p on p.path = x.parent
where c.sent_at <= p.sent_at
