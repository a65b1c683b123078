-- id: no_answer_before_its_event
-- severity: error
-- description: no artifact names a paper that answers an event (a tender, a claim, a decision) before that event
-- The rule: a planned document or sheet that carries a fact first known after some day and before the
-- paper's own date answers that fact's event (the letter rejecting a tender answers the tender and the
-- decision to reject it). An artifact dated before the event that names the paper by its title plans a
-- reply to something that has not happened: on March 11 a status note planned "the letter rejecting
-- Kestrel Bay's tender", which arrived on April 6 (blind read 20). A name is the first 40 characters of
-- the paper's planned title (a step names "the letter rejecting Kestrel Bay's tender of defense", not
-- its whole title), or all of a title of 20 to 40 (a shorter one is a common phrase), in any case. A
-- distractor (a superseded draft) carries its final paper's title as its own and is no plan; an instrument
-- is no answer to an event; nor is a paper named as one that may come ('if needed, the recurso ...').
with first_known as (
    select fact_id, min(since) as day from fact_values group by fact_id
),
papers as (
    select a.id, a.title, timezone(w.timezone, a."at")::date as day
    from artifacts a cross join world w
    where a.kind in ('document', 'spreadsheet') and a.distractor is null and length(a.title) >= 20
      -- an instrument (a certificate, a policy, a charter) is named as a thing of its kind before it is issued:
      -- the charter of February 25 names the certificate of financial responsibility it requires
      and not regexp_matches(lower(a.title), '\b(agreement|contract|certificate|policy|lease|deed|charter|licen[cs]e)')
    -- a name two papers share (a weekly series' notes, "Weekly diligence call: notes and actions") names none
    qualify count(*) over (partition by lower(left(a.title, 40))) = 1
),
answers as (
    -- the latest event each paper answers: its last fact first known before the paper itself
    select p.id, lower(left(p.title, 40)) as title, p.day, max(k.day) as event, arg_max(pf.fact_id, k.day) as fact_id
    from papers p
    join planned_facts pf on pf.artifact_id = p.id
    join first_known k on k.fact_id = pf.fact_id
    where k.day < p.day
    group by p.id, p.title, p.day
),
own as (
    select * from (
        select e.artifact_id, e.path, timezone(w.timezone, e.sent_at)::date as day
        from emails e cross join world w
        join artifacts a on a.id = e.artifact_id
        where e.sent_at is not null and a.distractor is null
          -- a day's margin for the zone: the exact test is the day's, below
          and e.sent_at < timezone(w.timezone, ((select max(event) from answers) + 1)::timestamp)
        union all
        select a.id, a.path, timezone(w.timezone, a."at")::date
        from artifacts a cross join world w
        where a.kind <> 'email' and a.distractor is null)
    -- Nothing dated on or after the last event answers it: such an artifact's text is not read. Reading every text
    -- cost 0.5 CPU-seconds of 1,000,000 emails that no paper's event followed (bench/validate_scale.py --per-check).
    where day < (select max(event) from answers)
)
select o.artifact_id, o.path,
       'names "' || p.title || '..." (' || p.id || ') on ' || o.day::varchar || ', before ' || p.fact_id || ' (known '
       || p.event::varchar || ') that it answers' as detail
from own o
join artifact_text t on t.path = o.path and t.artifact_id is not distinct from o.artifact_id
join answers p on o.day < p.event and p.id is distinct from o.artifact_id
where contains(lower(t.text), p.title)
  -- a paper named as what may come ('if needed, the recurso ordinário to the TIT', 'any appeal to ...') is the scope
  -- of a mandate, not a reply planned: an engagement letter of 12 February scoped the defence and a possible appeal
  -- that the decision of 17 June made real (an unseen tax-appeal outline, issue 17); another mention still counts
  and contains(regexp_replace(lower(t.text), '\b(?:if (?:needed|necessary|required|any|so)|where (?:needed|necessary)'
                                             || '|any|possible|potential|eventual|in the event of)\b[^.;:]{0,40}'
                                             || regexp_escape(p.title), '', 'g'), p.title)
