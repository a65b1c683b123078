-- id: neutral_hears_both_parties
-- severity: error
-- description: a message from or to a neutral (tribunal, independent expert, mediator) has both parties on it, never one alone
-- An expert who writes "Dear all" to one party only, or a party that writes to the tribunal without copying the
-- other side, is what a reader rejects at once (blind read 26). Sides are the plan's (organisations.side, .neutral):
-- the parties are the sides of the world's people; a message counts each side its sender and recipients belong to.
with parties as (
    select count(distinct o.side) as n from people p join organisations o on o.id = p.organisation
    where not o.neutral and o.side <> ''
),
on_message as not materialized (
    select e.artifact_id, e.path, lower(e.from_addr) as address from emails e where e.artifact_id is not null
    union all
    select r.artifact_id, r.path, lower(r.address) from recipients r where r.artifact_id is not null
),
sides as (
    select m.artifact_id, min(m.path) as path, bool_or(o.neutral) as neutral,
           count(distinct case when not o.neutral and o.side <> '' then o.side end) as n_sides,
           max(case when not o.neutral then o.name end) as party
    from on_message m
    join people p on lower(p.email) = m.address
    join organisations o on o.id = p.organisation
    group by m.artifact_id
)
select s.artifact_id, s.path,
       'a neutral is on this message with one party only (' || s.party || '), not with both' as detail
from sides s cross join parties
where s.neutral and s.n_sides = 1 and parties.n >= 2
