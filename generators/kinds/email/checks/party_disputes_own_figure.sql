-- id: party_disputes_own_figure
-- severity: error
-- description: no message disputes, rejects or challenges a figure of its writer's own side (its claim, its offer, its records)
-- "Corvane disputes its own USD 64,800 fee claim"; "the owners' manager rejects the owners' own claim" (blind read 26).
-- A fact's owner is the side that claims, offers or asserts it, or whose own records it reports (facts.owner, from
-- the plan); the writer's side is its organisation's (organisations.side). A sentence of the writer's own text that
-- carries the figure and a word of dispute fails, unless it speaks to the other side of theirs ('you', 'your',
-- 'their') or carries a figure of another side's too (what it disputes is that one).
with own as not materialized (
    select e.artifact_id, e.path, e.body_new, f.id as fact_id, f.text, coalesce(f.label, f.text) as label, o.side
    from emails e
    join people p on lower(p.email) = lower(e.from_addr)
    join organisations o on o.id = p.organisation
    join facts f on f.owner = o.side
    where e.artifact_id is not null and o.side <> '' and f.type in ('money', 'percent', 'number')
      and contains(e.body_new, f.text)
      -- (the message may carry another fact of the same value, planned for it: the contract's cap, not the
      -- lessee's figure that equals it)
      and not exists (select 1 from planned_facts pf join facts g on g.id = pf.fact_id
                      where pf.artifact_id = e.artifact_id and g.id <> f.id and g.text = f.text)
),
sentences as (
    select artifact_id, path, fact_id, text, label, side, unnest(regexp_split_to_array(body_new, '[.!?]\s+|\n+')) as sentence
    from own
)
select s.artifact_id, s.path,
       'its own side''s figure ' || s.text || ' (' || s.fact_id || ') is disputed by its own side: "'
       || left(s.sentence, 160) || '"' as detail
from sentences s
where contains(s.sentence, s.text)
  -- (the figure's own label may say it: 'the disputed excess amounts to USD 1,279,200' is the buyer's own figure)
  and regexp_matches(replace(replace(lower(s.sentence), lower(s.text), ' '), lower(s.label), ' '),
      '(?i)\b(disput\w*|reject\w*|not accepted|do not accept|cannot accept|do not agree|can''t find the support|have not seen the support|challeng\w*)\b')
  and not regexp_matches(replace(lower(s.sentence), lower(s.text), ' '), '\b(you|your|yours|their|theirs)\b')
  and not exists (select 1 from facts g where g.owner <> s.side and g.id <> s.fact_id and length(g.text) > 3
                  and contains(s.sentence, g.text))
