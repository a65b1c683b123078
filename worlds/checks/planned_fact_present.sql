-- id: planned_fact_present
-- severity: error
-- description: every fact planned for an artifact appears in it with its canonical text or value
-- A distractor artifact must carry the distractor's value instead; see the fact_mentions view.
select m.artifact_id, a.path,
       case when m.distractor is null then 'fact ' || m.fact_id
            else 'distractor ' || m.distractor || ' of fact ' || m.fact_id end
       || ' is planned here, but "' || m.expected || '" is not in '
       || coalesce(k.fact_place, 'the file') as detail
from fact_mentions m
join artifacts a on a.id = m.artifact_id
left join kinds k on k.kind = a.kind  -- each kind names where it looks (worlds/kinds.py)
where m.found = false
