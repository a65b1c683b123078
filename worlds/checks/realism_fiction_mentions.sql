-- id: realism_fiction_mentions
-- severity: error
-- description: no text names a well-known real company or public figure (worlds/data/real_entities.txt), e.g. as a party, a signatory or a counterparty; their products the people use are fine
-- derive: entity_names = select coalesce('(?:' || string_agg(regexp_escape(name), '|' order by name) || ')', '') from real_entities
-- Every name a reader sees is screened (realism_text: subjects, new text, quoted history and what lies
-- below it, documents, sheets), not only the cast's names: a model puts real names in prose. Capitalised
-- words meet each entity's first word in one hash join; the whole name is then confirmed as whole words,
-- case as written. Not a mention: a product, where the name runs on into a product's name ("Microsoft
-- Teams", "Oracle NetSuite", "Bloomberg Terminal") or is itself a tool or a data source (below); a word
-- of a name the world invented (a cast member called Ford); an everyday word at the start of a
-- sentence, a line, a cell or a list item ("Target dates are ...", "| Target volume |", "(b) Target volume:
-- EUR 100,000,000", "; Target date"): a label is capitalised as a sentence is. Still a mention: the everyday
-- name followed by its legal form at such a start ("Target Corporation agreed"), and anywhere else.
with entities as (
    select name, regexp_extract(name, '[A-Z0-9][A-Za-z0-9&\-]*') as first_word from real_entities
),
tools(name) as (
    values ('Salesforce'), ('ServiceNow'), ('Snowflake'), ('Workday'), ('Bloomberg'), ('Reuters'), ('Nasdaq'),
           ('Moody''s'), ('LinkedIn'), ('Dropbox')
),
everyday(name) as (
    values ('Apple'), ('Amazon'), ('Oracle'), ('Orange'), ('Shell'), ('Frontline'), ('Target'), ('Visa'),
           ('Anthem'), ('Vanguard'), ('Prudential'), ('Travelers'), ('Snap'), ('Paramount'), ('Drake'), ('Dow'),
           ('Deere'), ('Chubb'), ('Gard'), ('Ince'), ('Ford'), ('Uber'), ('Intel'), ('Berkley'), ('Citi')
),
corporate(word) as (
    -- words that continue a company's own name, not a product's
    values ('inc'), ('corp'), ('corporation'), ('co'), ('company'), ('llc'), ('llp'), ('lp'), ('ltd'), ('limited'),
           ('plc'), ('group'), ('holdings'), ('international'), ('bank'), ('capital'), ('partners'), ('securities'),
           ('energy'), ('oil'), ('global'), ('ag'), ('sa'), ('nv'), ('se'), ('gmbh'), ('asset'), ('management'),
           ('and'), ('&')
),
legal_form(word) as (
    -- what follows a company's name and never a label's first word: "Target Corporation" at a start is the company
    values ('inc'), ('corp'), ('corporation'), ('llc'), ('plc'), ('ltd'), ('ag'), ('gmbh'), ('nv')
),
invented(word) as (
    select distinct unnest(regexp_extract_all(name, '[A-Z0-9][A-Za-z0-9&\-]*')) from people
    union
    select distinct unnest(regexp_extract_all(name, '[A-Z0-9][A-Za-z0-9&\-]*')) from organisations
),
named as materialized (
    -- the texts that hold some entity's whole name as written: a mention needs it (below), and one pattern of
    -- every name ($entity_names, derived from real_entities and compiled once) costs half of cutting every text
    -- into words. Read once: every text that holds a candidate's name is among them, so the occurrences are
    -- sought here too, not in a second pass over every text of the room
    select artifact_id, path, kind, text
    from realism_text
    where regexp_matches(text, $entity_names)
),
words as (
    -- every capitalised word as written (not made distinct here: the join below keeps only an entity's first
    -- words, a few rows, and the distinct after it is cheap; a distinct over every word of a million messages is not)
    select artifact_id, path, kind, unnest(regexp_extract_all(text, '[A-Z0-9][A-Za-z0-9&\-]*')) as word
    from named
),
candidates as (
    select distinct w.artifact_id, w.path, w.kind, e.name
    from words w
    join entities e on e.first_word = w.word
    where e.name not in (select name from tools) and e.name not in (select word from invented)
),
pattern as (
    -- the six characters before the name (a sentence or an item start?) and the word after it (a product's name?)
    select c.artifact_id, c.path, c.kind, c.name,
           '(?s)(.{0,6})' || regexp_escape(c.name) || '(?:$|[^A-Za-z0-9&\-][ ]?([A-Za-z0-9&][A-Za-z0-9''&/-]*)?)' as re
    from candidates c
),
occurrences as (
    select p.artifact_id, p.path, p.kind, p.name, p.re, unnest(regexp_extract_all(t.text, p.re)) as hit
    from pattern p
    join named t on t.path = p.path and t.kind = p.kind and t.artifact_id is not distinct from p.artifact_id
    -- the whole name, case as written, is in the text (the pattern below requires it): a first word alone
    -- ("Best regards" for Best Buy, in every signed message) costs no pattern compiled and run per row
    where contains(t.text, p.name)
),
parts as (
    select artifact_id, path, kind, name, regexp_extract(hit, re, 1) as before, coalesce(regexp_extract(hit, re, 2), '') as next_word
    from occurrences
),
mentions as (
    select * from parts o
    where (o.before = '' or not regexp_matches(right(o.before, 1), '[A-Za-z0-9]'))  -- whole words
      and not (regexp_matches(o.next_word, '^[A-Z0-9]') and lower(o.next_word) not in (select word from corporate))
      and not (o.name in (select name from everyday)
               and (o.before = ''
                    or regexp_matches(o.before, '[.!?:;|\n\t\x{2022}]\s?$')  -- a sentence, a line, a cell, a bullet
                    or regexp_matches(o.before, '(?:^|\n)[ ]*[-*][ ]?$')  -- a Markdown bullet
                    -- a list item: "(b) ", "2. ", "(iv) " after a start or a space
                    or regexp_matches(o.before, '(?:^|[\s;:])\(?(?:[a-z]|[0-9]{1,2}|[ivx]{1,4})[.)]\s?$'))
               and lower(o.next_word) not in (select word from legal_form))
)
select artifact_id, path,
       'names the real ' || name || ' in the ' || case kind when 'subject' then 'subject line'
                                                        when 'email' then 'new text of the message'
                                                        when 'quoted' then 'quoted history of the message'
                                                        when 'document' then 'document text'
                                                        else kind || ' text' end as detail
from (select distinct artifact_id, path, kind, name from mentions)
