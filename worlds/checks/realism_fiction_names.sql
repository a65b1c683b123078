-- id: realism_fiction_names
-- severity: error
-- description: no invented person or organisation is named exactly like a well-known real company or public figure
-- The list is worlds/data/real_entities.txt; names are compared whole, case-insensitively, without
-- punctuation or a trailing legal form (see the entity_key macro), so "Goldman Sachs LLC" matches
-- "Goldman Sachs" while "Goldmark Sachsen" does not.
select null as artifact_id, null as path,
       kind || ' ' || name || ' is named like the real ' || real_name as detail
from (
    select 'organisation' as kind, o.name, min(r.name) as real_name
    from organisations o join real_entities r on r.key = entity_key(o.name) and r.key <> ''
    group by o.name
    union all
    select 'person', p.name, min(r.name)
    from people p join real_entities r on r.key = entity_key(p.name) and r.key <> ''
    group by p.name
)
