-- id: no_unplanned_files
-- severity: error
-- description: every file in the room is a planned artifact, its Markdown or CSV twin, or the mailbox of a cast member
-- A copy of a planned message under another name is unplanned too (message_ids_unique says whose copy it is).
select coalesce(e.artifact_id, d.artifact_id, w.artifact_id) as artifact_id, f.path,
       'the file ' || f.path || ' is in no plan'
       || coalesce(' (it holds the message of ' || e.artifact_id || ')', ' (it holds the document ' || d.artifact_id || ')',
                   ' (it holds the sheet ' || w.artifact_id || ')', '') as detail
from files f
left join emails e on e.path = f.path
left join documents d on d.path = f.path
left join workbooks w on w.path = f.path
where f.role = 'unplanned'
union all
select null, m.path, 'the mailbox of ' || m.owner || ', who is not in the cast'
from mailboxes m
anti join people p on lower(p.email) = lower(m.owner)
