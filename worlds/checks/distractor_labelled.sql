-- id: distractor_labelled
-- severity: error
-- description: every artifact that carries a distractor shows that distractor's label
-- Where the label may sit: an email's new text; a document's title, subtitle, text or page margins;
-- a sheet's text cells, workbook title or description (see artifact_text). Case, runs of whitespace
-- and a trailing full stop do not matter. A missing file is inventory_exists' finding, not this one's.
-- The label may stop before its replacement clause ("; replaced by the final report of October 5"): the paper's own
-- cells are written on its day and never know what replaced it (read 23).
with carriers as (
    select a.id, a.path, d.id as distractor, d.fact, d.label, lower(squash(rtrim(d.label, '. '))) as wanted,
           lower(squash(rtrim(regexp_replace(d.label, ';\s+(?:\w+\s+and\s+)?(?:replaced|superseded|withdrawn|reissued|set aside|overtaken|overruled)\b.*$', ''), '. '))) as before
    from artifacts a
    join distractors d on d.id = a.distractor
)
select c.id as artifact_id, t.path,
       'carries distractor ' || c.distractor || ' of fact ' || c.fact || ' but never shows its label "' || c.label || '"' as detail
from carriers c
join artifact_text t on t.artifact_id = c.id and t.path = c.path
where not contains(lower(squash(t.text)), c.wanted) and not contains(lower(squash(t.text)), c.before)
