-- id: document_matches_plan
-- severity: error
-- description: every planned .docx and .xlsx parses back to its plan: its title and the artifact id in its properties
-- A .docx's title is its Title paragraph (else its title property); a workbook's is its title
-- property, compared only when the file has one. A paper's own title drops the room's status mark ('(withdrawn)',
-- '(superseded)': generators/compose/text.own_title), which its author could not have written on the day.
select d.artifact_id, d.path, 'title "' || coalesce(d.title, '(none)') || '", the plan says "' || a.title || '"' as detail
from documents d
join artifacts a on a.id = d.artifact_id and a.path = d.path
where squash(d.title) is distinct from squash(a.title)
  and squash(d.title) is distinct from squash(trim(regexp_replace(a.title,
      '\s*\((?:[^()]*\b)?(?:withdrawn|superseded|replaced|not sent|not relied on)\b[^()]*\)', '', 'gi')))
union all
select d.artifact_id, d.path, 'identifier property "' || coalesce(d.identifier, '(none)') || '", the artifact is ' || a.id
from documents d
join artifacts a on a.id = d.artifact_id and a.path = d.path
where d.identifier is distinct from a.id
union all
select w.artifact_id, w.path, 'workbook title "' || w.title || '", the plan says "' || a.title || '"'
from workbooks w
join artifacts a on a.id = w.artifact_id and a.path = w.path
where w.title is not null and squash(w.title) <> squash(a.title)
union all
select w.artifact_id, w.path, 'identifier property "' || w.identifier || '", the artifact is ' || a.id
from workbooks w
join artifacts a on a.id = w.artifact_id and a.path = w.path
where w.identifier is not null and w.identifier <> a.id
