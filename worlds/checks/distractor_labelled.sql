-- id: distractor_labelled
-- severity: error
-- description: every artifact that carries a distractor shows that distractor's label
-- Where the label may sit: an email's new text; a document's title, subtitle, text or page margins;
-- a sheet's text cells, workbook title or description (see artifact_text). Case and a trailing full
-- stop do not matter. A missing file is inventory_exists' finding, not this one's.
select a.id as artifact_id, t.path,
       'carries distractor ' || d.id || ' of fact ' || d.fact || ' but never shows its label "' || d.label || '"' as detail
from artifacts a
join distractors d on d.id = a.distractor
join artifact_text t on t.artifact_id = a.id
where not contains(lower(coalesce(t.text, '')), lower(squash(rtrim(d.label, '. '))))
