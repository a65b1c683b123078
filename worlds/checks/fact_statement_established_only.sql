-- id: fact_statement_established_only
-- severity: error
-- description: a fact's full statement appears only in the one or two artifacts that establish it (its first two documents, else its first two messages); every other artifact names it by label and value
-- The same 30-word sentence pasted into a room's messages reads as a template. WorldPlan.establishing
-- applies the same rule when the composers write.
with carriers as (
    select pf.fact_id, pf.artifact_id, a.kind,
           row_number() over (partition by pf.fact_id, a.kind order by a."at", a.id) as n
    from planned_facts pf
    join artifacts a on a.id = pf.artifact_id
    where a.distractor is null and a.kind in ('document', 'email')
),
establishing as (
    select c.fact_id, c.artifact_id
    from carriers c
    where c.n <= 2
      and (c.kind = 'document'
           or not exists (select 1 from carriers d where d.fact_id = c.fact_id and d.kind = 'document'))
),
statements as (
    select id, lower(rtrim(squash(statement), '.')) as s from facts where len(statement) >= 40
),
-- Each text lowered and squashed once, not once per fact: this runs over every artifact of the room.
texts as materialized (
    select artifact_id, path, lower(squash(text)) as t from artifact_text where text is not null
)
select t.artifact_id, t.path,
       'the statement of fact ' || f.id || ' appears in full, but only ' ||
       coalesce((select string_agg(e.artifact_id, ', ' order by e.artifact_id) from establishing e where e.fact_id = f.id), 'no artifact')
       || ' establish it' as detail
from texts t
join statements f on contains(t.t, f.s)
where not exists (select 1 from establishing e where e.fact_id = f.id and e.artifact_id = t.artifact_id)
