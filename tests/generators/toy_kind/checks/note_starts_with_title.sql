-- id: note_starts_with_title
-- severity: error
-- description: a sticky note begins with its planned title and a colon (the toy kind's own check, from its folder)
select s.artifact_id, s.path, 'the note does not begin with "' || a.title || ':"' as detail
from stickies s join artifacts a on a.id = s.artifact_id
where not starts_with(s.text, a.title || ':')
