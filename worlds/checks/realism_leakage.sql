-- id: realism_leakage
-- severity: error
-- description: no template tokens, [Name]-style placeholders, lorem ipsum, model talk, unrendered braces or TODO/TBD/XXX left in what a reader sees
-- Read over realism_text: an email's subject, new text and quoted history (with anything below it), a
-- document's text and page margins, a sheet's text cells and properties. One pass of a combined pattern finds the few texts worth a
-- closer look; each pattern then names what it found there, so the detail says why.
with patterns(kind, pattern) as (
    values
        ('template token', '\{\{|\}\}|\{%|%\}|<<[^<>\n]{0,40}>>|\$\{[A-Za-z_]|%\([a-z_]+\)[sd]|%[sd]\b'),
        ('template field', '\{[A-Za-z_][A-Za-z0-9_ .]*\}'),
        ('placeholder', '\[[A-Z][A-Za-z ]+\]'),
        ('lorem ipsum', '(?i)lorem ipsum|dolor sit amet|consectetur adipiscing'),
        ('model talk', '(?i)\bas an ai\b|language model|as a large language|i cannot (help|assist) with|i''m sorry, but i can'),
        ('unrendered brace', '[{}]'),
        ('placeholder word', '\b(TODO|TBD|XXX|FIXME)\b')
),
suspect as (
    -- cheap literal tests first: a text with none of these characters or words cannot match any pattern
    select artifact_id, path, kind as field, text
    from realism_text
    -- text named once (the tests in a lambda over it): a filter that names it in every test is pushed into
    -- realism_text with its expression (a squashed subject, a quoted tail) copied into each, one per test
    where list_transform([text], lambda t: contains(t, '{') or contains(t, '}') or contains(t, '[')
               or contains(t, '<<') or contains(t, '%') or contains(t, 'TODO') or contains(t, 'TBD')
               or contains(t, 'XXX') or contains(t, 'FIXME')
               or list_transform([lower(t)], lambda l: contains(l, 'lorem') or contains(l, 'dolor sit')
                      or contains(l, 'language model') or contains(l, ' ai') or contains(l, 'i cannot')
                      or contains(l, 'i''m sorry'))[1])[1]
),
hits as (
    select s.artifact_id, s.path, s.field, p.kind, regexp_extract(s.text, p.pattern, 0) as found
    from suspect s, patterns p
    where regexp_matches(s.text, p.pattern)
)
-- A brace that is part of a template token or field is reported once, as that.
select artifact_id, path,
       kind || ' "' || found || '" in the ' || case field when 'subject' then 'subject line'
                                                       when 'email' then 'new text of the message'
                                                       when 'quoted' then 'quoted history of the message (or text below it)'
                                                       when 'document' then 'document text'
                                                       else 'sheet text' end as detail
from hits h
where not (kind = 'unrendered brace' and exists (
    select 1 from hits g where g.path = h.path and g.field = h.field and g.kind in ('template token', 'template field')))
