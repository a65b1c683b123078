-- id: sheet_tests_its_limit
-- severity: error
-- description: a sheet that carries a limit and the figure of what it limits tests one against the other: a live IF flags the breach as at the sheet's day
-- Blind read 28: 'the compliance monitor computes nothing: no excess and no breach flag'. A limit is a figure whose
-- label ends on the word for one ('sub-investment-grade limit', 'single issuer cap'); the figure it limits is one of
-- the same kind whose label opens with the words before it ('sub-investment-grade holdings'), as
-- promise.limit_pairs reads them, in a sheet titled for monitoring limits (promise.MONITOR: a claim against a
-- contractual cap is capped, never in breach of it); both known on the sheet's day. The skeleton lays the test out
-- (skeleton._limit_lines): the excess by a live MAX, the flag by a live IF.
with known as (
    select p.artifact_id, f.id, f.type, lower(trim(f.label)) as label
    from planned_facts p
    join artifacts a on a.id = p.artifact_id and a.kind = 'spreadsheet'
        and regexp_matches(lower(a.title), '\b(monitor|monitoring|compliance|guidelines?|breach(es)?|limits?)\b')
    join artifact_days d on d.artifact_id = a.id
    join facts f on f.id = p.fact_id and f.type in ('money', 'number', 'percent') and f.label is not null
    where exists (select 1 from fact_values v where v.fact_id = f.id and v.since <= d.day)
),
limits as (
    select artifact_id, id, type, label,
           regexp_replace(label, '\s+(limit|cap|ceiling|maximum)$', '') as stem
    from known
    where regexp_matches(label, '\s(limit|cap|ceiling|maximum)$')
),
pairs as (
    select distinct l.artifact_id, l.label as what
    from limits l
    join known m on m.artifact_id = l.artifact_id and m.type = l.type and m.id <> l.id
        and not regexp_matches(m.label, '\s(limit|cap|ceiling|maximum)$')
        and starts_with(m.label || ' ', l.stem || ' ')
    where length(l.stem) >= 4
)
select k.artifact_id, a.path,
       'carries the ' || k.what || ' and the figure it limits, but no formula flags a breach of it' as detail
from pairs k join artifacts a on a.id = k.artifact_id
where not exists (select 1 from cells c where c.artifact_id = k.artifact_id
                  and regexp_matches(upper(coalesce(c.formula, '')), '\bIF\s*\('))
