-- id: owners_fact_told_as_news
-- severity: warn
-- description: a message to the side that owns a fact never tells it that fact as news; it asks, confirms, challenges or notes it
-- The auditors wrote to the licensee "we have 41,260 units declared in the royalty reports", the licensee's own
-- reports, and a buy-side associate told the target its own EBITDA (blind read 26). A fact's owner is the side that
-- claims or asserts it or whose own records or acts it reports (facts.owner); a sentence of the writer's own text,
-- written to that side by another, that carries the figure alone and does nothing with it but state it, fails.
with told as not materialized (
    select e.artifact_id, e.path, e.body_new, f.id as fact_id, f.text, coalesce(f.label, f.text) as label, f.owner
    from emails e
    join people p on lower(p.email) = lower(e.from_addr)
    join organisations o on o.id = p.organisation
    join facts f on f.owner <> '' and f.owner <> o.side
    where e.artifact_id is not null and not o.neutral and contains(e.body_new, f.text)
      -- (the message may carry another fact of the same value, planned for it: the contract's cap, not the
      -- lessee's figure that equals it)
      and not exists (select 1 from planned_facts pf join facts g on g.id = pf.fact_id
                      where pf.artifact_id = e.artifact_id and g.id <> f.id and g.text = f.text)
      and exists (select 1 from recipients r join people q on lower(q.email) = lower(r.address)
                  join organisations w on w.id = q.organisation where r.path = e.path and w.side = f.owner)
),
sentences as (
    -- (each sentence with its own stop: a split on '[.!?]\s+' took the question mark off "How was the USD 4,200,000
    -- priced? We need ...", and an underwriter asking the seller how its figure was priced was read as telling it)
    select artifact_id, path, fact_id, text, label,
           unnest(regexp_extract_all(body_new, '(?:[^.!?\n]|[.!?][^\s.!?])+[.!?]*')) as sentence
    from told
)
select s.artifact_id, s.path,
       'tells the owner of ' || s.fact_id || ' its own figure as news: "' || left(s.sentence, 160) || '"' as detail
from sentences s
where contains(s.sentence, s.text) and not starts_with(ltrim(s.sentence), '>')
  -- (words of its label do nothing with it: 'the agreed extra expense' only names it)
  and not regexp_matches(replace(replace(lower(s.sentence), lower(s.text), ' '), lower(s.label), ' '),
      '(?i)\b(you|your|yours|disput\w*|reject\w*|accept\w*|agree\w*|challeng\w*|confirm\w*|quer\w*|note[ds]?|noting|support\w*|source|decid\w*|decision|reserv\w*|how|why|whether|explain\w*|clarif\w*|ask\w*|walk (?:us|me) through)\b|\?')
  and not exists (select 1 from planned_facts pf join facts g on g.id = pf.fact_id
                  where pf.artifact_id = s.artifact_id and g.id <> s.fact_id and g.text <> s.text and length(g.text) > 3
                    and contains(s.sentence, g.text))
