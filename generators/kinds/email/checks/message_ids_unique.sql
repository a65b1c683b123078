-- id: message_ids_unique
-- severity: error
-- description: no two .eml files of the room share a Message-ID
-- A message saved twice under two names is one message an agent would count twice.
-- The ids held twice are found first, by a count alone; their paths are gathered for those few ids only (a list of
-- paths kept for every id of a million messages ran out of memory at 1GB).
with repeated as (
    select message_id
    from emails
    where message_id is not null
    group by message_id
    having count(*) > 1
),
shared as (
    select message_id, count(*) as copies, string_agg(path, ', ' order by path) as paths
    from emails
    semi join repeated using (message_id)
    group by message_id
)
select e.artifact_id, e.path, 'Message-ID <' || s.message_id || '> is in ' || s.copies || ' files: ' || s.paths as detail
from emails e
join shared s on s.message_id = e.message_id
