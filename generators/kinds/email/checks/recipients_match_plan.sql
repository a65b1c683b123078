-- id: recipients_match_plan
-- severity: error
-- description: every planned message reaches exactly its planned To and Cc recipients
-- Compared address by address and header by header: a planned recipient missing from the header,
-- or moved from To to Cc, fails, and so does a recipient the plan did not give that message.
-- Each side is read where it is used, not materialized for its two readers: DuckDB kept both sides' 2,500,000 rows
-- (at 1,000,000 emails) and wrote 210 MB of them to disk, which cost more than reading each twice (2.7 -> 2.0
-- CPU-seconds, bench/validate_scale.py; issue 22).
with planned as not materialized (
    select pr.artifact_id, pr.kind, lower(p.email) as address, p.id as person_id
    from planned_recipients pr
    join people p on p.id = pr.person_id
    where pr.kind in ('to', 'cc')
),
actual as not materialized (
    select artifact_id, path, kind, lower(address) as address from recipients where artifact_id is not null
)
select e.artifact_id, e.path,
       'the plan sends it to ' || p.person_id || ' <' || p.address || '> in ' || upper(p.kind) || ', but the '
       || upper(p.kind) || ' header lacks them' as detail
from emails e
join planned p on p.artifact_id = e.artifact_id
anti join actual a on a.path = e.path and a.kind = p.kind and a.address = p.address
union all
select a.artifact_id, a.path,
       'the ' || upper(a.kind) || ' header names ' || a.address || ', whom the plan does not send it to in ' || upper(a.kind)
from actual a
anti join planned p on p.artifact_id = a.artifact_id and p.kind = a.kind and p.address = a.address
