-- id: register_across_to_own_side
-- severity: error
-- description: a message whose addressees are all of its writer's own side never takes the register of a letter across the table ('we write on behalf of our client', 'our client's rights are reserved')
-- Counsel wrote to her own client's CFO "we write on the excess cost of replacement ... Our client's rights are
-- reserved." (blind read 27; an expert of the client's in copy had been put across the table). Who reads a message is
-- its addressees ('to'): one copied across does not make a note to the client a letter to the other side. Sides are
-- the plan's (organisations.side); a message with an addressee the plan does not know is left alone.
with msg as not materialized (
    select e.artifact_id, e.path, e.body_new, o.id as org, o.side
    from emails e
    join people p on lower(p.email) = lower(e.from_addr)
    join organisations o on o.id = p.organisation
    where e.artifact_id is not null and o.side <> ''
      and regexp_matches(e.body_new, '(?i)our client''s (?:rights|position) (?:are|is) (?:fully )?reserved|our client reserves (?:all )?(?:of )?its|\b(?:we|I) write (?:for|on behalf of) our client\b')
),
addressed as (
    select m.artifact_id, count(*) as n,
           count(case when w.side = m.side and not w.neutral then 1 end) as n_own,
           count(case when w.id <> m.org then 1 end) as n_outside_firm
    from msg m
    join recipients r on r.path = m.path and r.kind = 'to'
    left join people q on lower(q.email) = lower(r.address)
    left join organisations w on w.id = q.organisation
    group by m.artifact_id
)
select m.artifact_id, m.path,
       'written to its own side in the register of a letter across the table: "'
       || left(regexp_extract(m.body_new, '[^.\n]*(?:rights|position) (?:are|is) (?:fully )?reserved[^.\n]*|[^.\n]*reserves (?:all )?(?:of )?its[^.\n]*|[^.\n]*write (?:for|on behalf of) our client[^.\n]*', 0), 160) || '"' as detail
from msg m join addressed a on a.artifact_id = m.artifact_id
where a.n = a.n_own and a.n_outside_firm > 0
