-- id: attachments_match_room
-- severity: error
-- description: every attachment a message's plan or text promises is attached, and each attached part is byte for byte the room's file it names (sha256)
-- A message that says "I attach the invoices" and carries none, or carries a file that is not the room's
-- (an older draft, a corrupted copy), sends a reader to the wrong document. The plan's attachments are in
-- planned_attachments; the parts each parsed .eml carries, decoded, with their sha256, in email_attachments;
-- a message's text names each attached file on a line "Attached: <file name>".
with parts as (
    select x.*, e.body_new
    from email_attachments x join emails e on e.path = x.path
),
named as (  -- the files a message's own text names on its "Attached:" lines
    select e.artifact_id, e.path, trim(n) as filename
    from emails e, unnest(regexp_extract_all(coalesce(e.body_new, ''), '(?m)^Attached:[ \t]*([^\n]+?)[ \t]*$', 1)) as t(n)
    -- the pattern only over a text holding its plain word (this runs over every message of the room)
    where contains(e.body_new, 'Attached:')
)
-- planned, but not among the message's parts
select p.artifact_id, e.path, 'the plan attaches ' || p.filename || ', but the message carries no part of that name' as detail
from planned_attachments p join emails e on e.artifact_id = p.artifact_id
where not exists (select 1 from email_attachments x where x.path = e.path and x.filename = p.filename)
union all
-- named in the text, but not attached
select n.artifact_id, n.path, 'its text names ' || n.filename || ' as attached, but the message carries no part of that name'
from named n
where not exists (select 1 from email_attachments x where x.path = n.path and x.filename = n.filename)
union all
-- the text promises an attachment, and nothing is attached
select e.artifact_id, e.path, 'its text promises an attachment, but the message carries none'
from emails e
-- every phrase holds 'attach' or 'enclo' (no letter of either has a case fold outside ASCII): the pattern runs
-- only on the few texts holding one, not on every message of the room
where (e.body_new ilike '%attach%' or e.body_new ilike '%enclo%')
  and regexp_matches(coalesce(e.body_new, ''),
        '(?im)\b(i attach|i have attached|i''ve attached|attached (is|are|please find|you will find)|please find attached|see attached|enclosed (is|are|please find))\b|^attached:')
  and not exists (select 1 from email_attachments x where x.path = e.path)
union all
-- attached, but not the room's file it names: by the plan's path, else the room's file of that name
select x.artifact_id, x.path,
       'attachment ' || coalesce(x.filename, '(unnamed)') || ' is not the room''s file '
       || coalesce(f.path, '(none of that name)') || ': sha256 ' || left(x.sha256, 12)
       || coalesce(' against ' || left(f.sha256, 12), '')
from parts x
left join planned_attachments p on p.artifact_id = x.artifact_id and p.filename = x.filename
left join files f on f.path = coalesce(p.path, (select min(g.path) from files g
                                                  where g.role = 'artifact'
                                                    and (ends_with(g.path, '/' || x.filename) or g.path = x.filename)))
where f.sha256 is distinct from x.sha256
