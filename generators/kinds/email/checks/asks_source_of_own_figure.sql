-- id: asks_source_of_own_figure
-- severity: error
-- description: nobody asks where a figure comes from when their own organisation made it (wrote the first paper that carries it) or their side puts it forward, nor asks another side the source of a figure their own side's paper first carried
-- Read 28: the resolution professional's firm asked the source of the operational creditors' claims it had admitted
-- itself, a controller asked whether the holdback she had worked out was "only an estimate", the contractor asked the
-- source of the daily rate its own expert had built from its own records; read 22: lenders' counsel asked borrower's
-- counsel for "the source for the waiver fee rate" he had proposed. A figure is a side's own where the plan says that
-- side puts it forward (facts.owner), or where the first document or sheet that carries it was written by the writer's
-- own organisation (context.own_labels: a client may still ask its own adviser where the adviser's figure comes from).
with maker as not materialized (
    select pf.fact_id, arg_min(o.side, a."at") as side, arg_min(o.id, a."at") as org
    from planned_facts pf
    join artifacts a on a.id = pf.artifact_id and a.kind <> 'email' and a.distractor is null
    join people p on p.id = a.author
    join organisations o on o.id = p.organisation
    group by pf.fact_id
),
own as not materialized (
    select f.label, f.owner as side, null as org from facts f where f.owner <> ''
    union all
    select f.label, null as side, m.org from facts f join maker m on m.fact_id = f.id
    where f.owner = '' or f.owner = m.side
),
-- a figure whose first paper the writer's side wrote, asked of someone of another side (read 29: the insured asked
-- the insurer's adjuster the source of the units under recall its own broker had notified)
side_made as not materialized (
    select f.label, m.side from facts f join maker m on m.fact_id = f.id
    where (f.owner = '' or f.owner = m.side) and m.side <> ''
),
asked as not materialized (
    select e.artifact_id, e.path, lower(squash(e.body_new)) as body, o.side, o.id as org
    from emails e
    join people p on lower(p.email) = lower(e.from_addr)
    join organisations o on o.id = p.organisation
    where e.artifact_id is not null and o.side <> ''
      and regexp_matches(e.body_new, '(?i)\bsource (?:for|of)\b|\bwhere does .{3,80} come from|\bhow did you (?:get|arrive)')
),
asked_of as not materialized (
    select a.*, w.label from asked a
    join own w on (w.side = a.side or w.org = a.org) and w.label is not null and length(w.label) > 3
    union all
    select a.*, w.label from asked a
    join side_made w on w.side = a.side and w.label is not null and length(w.label) > 3
    where exists (select 1 from recipients r join people p on lower(p.email) = lower(r.address)
                  join organisations o on o.id = p.organisation
                  where r.artifact_id = a.artifact_id and r.kind = 'to' and o.side <> a.side)
)
select distinct a.artifact_id, a.path,
       'asks where its own side''s figure comes from: "' || a.label || '"' as detail
from asked_of a
where strpos(a.body, 'source for the ' || lower(a.label) || '?') > 0
   or strpos(a.body, 'source for ' || lower(a.label) || '?') > 0
   or strpos(a.body, 'source of the ' || lower(a.label) || '?') > 0
   or strpos(a.body, 'source for the number of ' || lower(a.label) || '?') > 0
   or strpos(a.body, 'source for the amount of ' || lower(a.label) || '?') > 0
   or strpos(a.body, 'where does the ' || lower(a.label) || ' come from') > 0
   or strpos(a.body, 'where does the ' || lower(a.label) || ' figure come from') > 0
   or strpos(a.body, 'how did you get to the ' || lower(a.label)) > 0
   or strpos(a.body, 'how did you arrive at the ' || lower(a.label)) > 0
