-- id: chat_threads_resolve
-- severity: error
-- description: every reply in a chat thread answers a message of the same conversation posted before it
-- A reply carries the ts of its thread's first message (thread_ts); a reader's client shows the
-- thread under that message, so it must exist in the conversation and come first.
select m.artifact_id, m.path,
       'message ' || m.ts || ' answers the thread ' || m.thread_ts
       || case when r.ts is null then ', which is no message of ' || m.folder else ', which is posted after it' end as detail
from chat_messages m
left join chat_messages r on r.export = m.export and r.folder = m.folder and r.ts = m.thread_ts
where m.thread_ts is not null and m.thread_ts <> m.ts
  and (r.ts is null or try_cast(r.ts as decimal(18, 6)) > try_cast(m.ts as decimal(18, 6)))
