-- id: planned_fact_present
-- severity: error
-- description: every fact planned for an artifact appears in it with its canonical text or value
-- A distractor artifact must carry the distractor's value instead; see the fact_mentions view.
select m.artifact_id, a.path,
       case when m.distractor is null then 'fact ' || m.fact_id
            else 'distractor ' || m.distractor || ' of fact ' || m.fact_id end
       || ' is planned here, but "' || m.expected || '" is not in '
       || case a.kind when 'email' then 'the new text of the message'
                      when 'document' then 'the document text'
                      else 'any cell of the sheet' end as detail
from fact_mentions m
join artifacts a on a.id = m.artifact_id
where m.found = false
