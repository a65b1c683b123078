-- id: agenda_in_time
-- severity: error
-- description: a meeting's agenda puts up for comment no paper of its own side that already went to another side before the meeting, and takes no figure as "the source and the date"
-- Blind read 35 (au-wage at seed 35): the May 6 call listed "Comments on Self-report to the Fair Work Ombudsman: ..."
-- three weeks after the self-report went to the regulator; "The contrition payment (AUD 250,000): the source and the
-- date" said nothing a meeting does. A paper's side is its author's organisation's (organisations.side); it went
-- across when a reader of it works for an organisation of another side.
with items as (
    select c.artifact_id, c.path, c.summary, timezone(w.timezone, c.starts_at)::date as day,
           trim(unnest(string_split(c.description, chr(10)))) as item
    from calendar_events c cross join world w
),
across as (
    select a.id, a.title, min(d.day) as day
    from artifacts a
    join artifact_days d on d.artifact_id = a.id
    join people pa on pa.id = a.author
    join organisations oa on oa.id = pa.organisation
    join planned_recipients r on r.artifact_id = a.id
    join people pr on pr.id = r.person_id
    join organisations orr on orr.id = pr.organisation
    where a.kind not in ('email', 'calendar', 'chat') and oa.side <> '' and orr.side <> '' and orr.side <> oa.side
      and length(a.title) > 12
    group by a.id, a.title
)
select distinct i.artifact_id, i.path,
       '"' || i.summary || '" of ' || i.day::varchar || ' has "' || i.item || '", a paper that went to the other side on '
       || x.day::varchar as detail
from items i join across x on x.day < i.day
where (contains(lower(i.item), 'comments on ' || lower(x.title))
       or (contains(i.item, x.title) and regexp_matches(i.item, ':\s*comments$')))
union all
select distinct i.artifact_id, i.path,
       '"' || i.summary || '" of ' || i.day::varchar || ' has "' || i.item || '": a meeting does nothing with a source and a date'
from items i
where regexp_matches(i.item, '(?i):\s*the source and the date$')
