-- id: no_figure_asked_after_received
-- severity: error
-- description: nobody asks whether there is a figure yet for a fact whose value they already had in mail
-- On 30 March the royalty holder's vice-president asked in chat "do we have a figure for the 2025 underpayment yet",
-- three days after the auditor's mail to him gave CAD 370,800 with the final report (blind read 34): a question that
-- says the figure has not come reads as a client who has not read his mail. The question is a chat line or a
-- message's own text asking for "a number", "a figure", "any figure" (...) "for" the label "yet"; the asker had it
-- when a mail they sent or received (to or cc) before it carries one of the fact's values, in its text or quoted.
with labels as (
    select f.id, lower(f.label) as label, v.text
    from facts f join fact_values v on v.fact_id = f.id
    where f.label is not null and length(f.label) >= 4 and v.text is not null and length(v.text) >= 3
    union
    select id, lower(label), text from facts
    where label is not null and length(label) >= 4 and text is not null and length(text) >= 3
),
asked as (
    select m.artifact_id, m.path, m."at", lower(u.email) as who, lower(coalesce(m.text_plain, m.text)) as text
    from chat_messages m join chat_users u on u.id = m.user_id and u.export = m.export
    where coalesce(m.text_plain, m.text) is not null and regexp_matches(lower(coalesce(m.text_plain, m.text)), '\byet\b')
    union all
    select e.artifact_id, e.path, e.sent_at, lower(e.from_addr), lower(e.body_new)
    from emails e
    where e.body_new is not null and regexp_matches(lower(e.body_new), '\byet\b')
),
questions as (
    select distinct a.artifact_id, a.path, a."at", a.who, l.id, l.label, l.text
    from asked a join labels l on contains(a.text, l.label)
    where regexp_matches(a.text, '\b(?:a|any|the) (?:number|figure|amount)s? for (?:the )?' || regexp_escape(l.label)
                                 || '\b[^.?!\n]{0,20}\byet\b')
),
had as (
    select e.sent_at, lower(e.from_addr) as who, e.body, e.path from emails e where e.body is not null
    union all
    select e.sent_at, lower(r.address), e.body, e.path
    from emails e join recipients r on r.artifact_id = e.artifact_id and r.kind in ('to', 'cc')
    where e.body is not null
)
select q.artifact_id, q.path,
       'asks for a figure for ' || q.label || ' yet, after ' || min(h.path) || ' gave it (' || q.text || ')' as detail
from questions q
join had h on h.who = q.who and h.sent_at < q."at" and contains(h.body, q.text)
group by q.artifact_id, q.path, q.label, q.text
