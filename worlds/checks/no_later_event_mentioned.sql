-- id: no_later_event_mentioned
-- severity: error
-- description: no artifact mentions a ledger date later than its own date, unless the plan gives it that fact
-- The rule: a date fact of the ledger that lies after an artifact's date may appear in it only when
-- the plan makes the artifact a carrier of that fact: the outline then says the artifact announces
-- it (a deadline, a scheduled hearing). Anywhere else it is knowledge from the future. A mention is
-- the fact's canonical text in an email's new text, a document's text or margins, or a sheet's text
-- cells, workbook title and description; a date-typed cell is a row of data, not a mention. An
-- email's date is its Date header in the world's timezone; a document's or sheet's, its planned date.
with dated as (
    -- the year is a literal piece to look for first; only texts that have it are squashed
    select id, squash(text) as text, value_date, year(value_date)::varchar as piece
    from facts where type = 'date' and value_date is not null
),
own as (
    select e.artifact_id, e.path, timezone(w.timezone, e.sent_at)::date as day
    from emails e cross join world w
    where e.artifact_id is not null and e.sent_at is not null
    union all
    select a.id, a.path, timezone(w.timezone, a."at")::date
    from artifacts a cross join world w
    where a.kind <> 'email'
)
select o.artifact_id, o.path,
       'mentions ' || f.id || ' (' || f.text || '), later than its own date ' || o.day::varchar
       || ', though the plan does not give it that fact' as detail
from own o
-- by artifact as well as file: one file may hold several artifacts (a calendar holds many meetings)
join artifact_text t on t.path = o.path and t.artifact_id is not distinct from o.artifact_id
join dated f on f.value_date > o.day
anti join planned_facts pf on pf.artifact_id = o.artifact_id and pf.fact_id = f.id
where contains(t.text, f.piece) and mentions(squash(t.text), f.text)
