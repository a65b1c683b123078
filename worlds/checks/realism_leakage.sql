-- id: realism_leakage
-- severity: error
-- description: no template tokens, [Name]-style placeholders, lorem ipsum, model talk, unrendered braces or TODO/TBD/XXX left in what a reader sees
-- Read over realism_text: an email's subject and new text, a document's text and page margins, a
-- sheet's text cells and properties. Each pattern names what it found, so the detail says why.
with patterns(kind, pattern) as (
    values
        ('template token', '\{\{|\}\}|\{%|%\}|<<[^<>]{0,40}>>|\$\{[A-Za-z_]|%\([a-z_]+\)[sd]|%[sd]\b'),
        ('template field', '\{[A-Za-z_][A-Za-z0-9_ .]*\}'),
        ('placeholder', '\[[A-Z][A-Za-z ]+\]'),
        ('lorem ipsum', '(?i)lorem ipsum|dolor sit amet|consectetur adipiscing'),
        ('model talk', '(?i)\bas an ai\b|language model|as a large language|i cannot (help|assist) with|i''m sorry, but i can'),
        ('unrendered brace', '[{}]'),
        ('placeholder word', '\b(TODO|TBD|XXX|FIXME)\b')
),
hits as (
    select t.artifact_id, t.path, t.kind as field, p.kind, regexp_extract(t.text, p.pattern, 0) as found
    from realism_text t, patterns p
    where regexp_matches(t.text, p.pattern)
)
-- A brace that is part of a template field is reported once, as the field.
select artifact_id, path,
       kind || ' "' || found || '" in the ' || case field when 'subject' then 'subject line'
                                                       when 'email' then 'new text of the message'
                                                       when 'document' then 'document text'
                                                       else 'sheet text' end as detail
from hits h
where not (kind = 'unrendered brace' and exists (
    select 1 from hits g where g.path = h.path and g.field = h.field and g.kind in ('template token', 'template field')))
