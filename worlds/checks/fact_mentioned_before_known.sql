-- id: fact_mentioned_before_known
-- severity: error
-- description: no artifact mentions a fact, planned or not, before the day it is first known
-- A mention is the canonical text of one of the fact's values (an amount "USD 60,987,500", a date, a
-- text value such as a regulation) in an artifact's text, or a number cell holding a money value, in
-- an artifact dated before the fact's first value. It does not count when another fact or distractor
-- known by then has the same text (a cap that equals a contractual figure), nor in the superseded
-- draft that carries that value. Numbers and percents are left out: "35%" or "400" says too little
-- to be a mention (a count of ten or more with its unit, "14 custodians", is one), and so is a text value that is
-- the name of an organisation or person of the world (a responsible party is a company everyone names). The
-- label-and-amount form is amount_beside_label's.
with values_ as (
    select v.fact_id, v.text, squash(v.text) as wanted, v.value_num, f.type,
           min(v.since) over (partition by v.fact_id) as first_known
    from fact_values v join facts f on f.id = v.fact_id
    where (f.type in ('money', 'date', 'text')
           -- a count with its unit ('14 custodians', '412,600 customers') says which count it is, as a bare number or a
           -- span of time ('10 years') does not (blind read 27: '14 custodians were reviewed' on the day the hold went
           -- out, a month before the log learned the count)
           or (f.type = 'number' and v.value_num >= 10
               and regexp_matches(v.text, '^[0-9][0-9.,]* [A-Za-z]')
               and not regexp_matches(v.text, ' (?:years?|months?|weeks?|days?|hours?|quarters?|minutes?)$')))
      and length(v.text) >= 6
      and squash(v.text) not in (select squash(name) from organisations union all select squash(name) from people)
),
known_texts as (
    select squash(v.text) as wanted, v.since as day from fact_values v
    union all
    select squash(x.text), coalesce(min(v.since), (select window_start from world))
    from distractors x left join fact_values v on v.fact_id = x.fact group by x.text
),
texts as (
    select t.artifact_id, t.path, squash(t.text) as text, d.day, a.distractor
    from artifact_text t
    join artifact_days d on d.artifact_id = t.artifact_id
    join artifacts a on a.id = t.artifact_id
    -- only what is dated before some value is known: squashing every text of a million messages is most of the cost
    where d.day < (select max(first_known) from values_)
),
hits as (
    select x.artifact_id, x.path, x.day, x.distractor, v.fact_id, v.text, v.first_known, v.wanted
    from texts x
    join values_ v on x.day < v.first_known and mentions(x.text, v.wanted)
    -- a text value an adviser recommends, proposes or advises in the sentence that names it is advice, not the decision
    -- known: counsel's memo of 24 March recommends to 'serve a notice of dispute for the full underpayment', which the
    -- client decides on 1 April (an unseen royalty-audit outline, issue 17); another mention of it still counts
    where v.type <> 'text'
       or mentions(regexp_replace(x.text, '(?i)\b(?:recommend|advi[sc]e|propos|suggest|urge|should|option)[^.;!?]{0,80}'
                                          || regexp_escape(v.wanted), '', 'g'), v.wanted)
    union all
    select c.artifact_id, c.path, d.day, a.distractor, v.fact_id, v.text, v.first_known, v.wanted
    from cells c
    join artifact_days d on d.artifact_id = c.artifact_id
    join artifacts a on a.id = c.artifact_id
    join values_ v on v.type = 'money' and d.day < v.first_known and abs(c.value_num - v.value_num) <= 0.005
        and abs(v.value_num) >= 1000
    where c.value_num is not null
)
select distinct h.artifact_id, h.path,
       'mentions ' || h.fact_id || ' (' || h.text || ') on ' || h.day::varchar || ', before it is known on '
       || h.first_known::varchar as detail
from hits h
left join distractors own on own.id = h.distractor
where not exists (select 1 from known_texts k where k.wanted = h.wanted and k.day <= h.day)
  and not (own.id is not null and squash(own.text) = h.wanted)
