-- id: thread_references_resolve
-- severity: error
-- description: every In-Reply-To and References id names a message of the world
-- The world's messages are the .eml files that parsed; a reference to a message whose file is
-- missing fails here as well as in inventory_exists.
with pointers as (
    select artifact_id, path, 'In-Reply-To' as header, in_reply_to as target from emails where in_reply_to is not null
    union all
    select artifact_id, path, 'References', unnest(refs) from emails where len(refs) > 0
)
select p.artifact_id, p.path, p.header || ' <' || p.target || '> is not the Message-ID of any message of the world' as detail
from pointers p
anti join (select distinct message_id from emails where message_id is not null) k on k.message_id = p.target
