-- id: sheet_keeps_title
-- severity: error
-- description: a sheet's rows keep what its title promises (both sides of a comparison, its items' identifiers, a time sheet's events, the things a count it carries counts)
-- The promises are read from the planned title (promise.promises; the planner retitles a sheet whose ledger cannot
-- keep one): a comparison of two sides names each side in a row that holds a figure; a sheet titled for an
-- identifier ('Serial number reconciliation') has a column headed by it with at least two values; a time sheet has
-- dated events in at least two rows; a sheet whose title names the things a count it carries counts ('Shipment tracing
-- schedule' of 17 shipments: promise.counted_noun, the same test) lists them, a dated row each (generators.counted), or
-- of a run of thousands its first ten at least (generators.runs).
with figure_rows as (
    select distinct artifact_id, sheet_name, row from cells where value_num is not null and row > 1
),
named as (
    select p.artifact_id, p.what, count(t.row) > 0 as kept
    from sheet_promises p
    left join (select c.artifact_id, c.row, c.value_text
               from cells c join figure_rows f
                 on f.artifact_id = c.artifact_id and f.sheet_name = c.sheet_name and f.row = c.row
               where c.value_type = 'text') t
        on t.artifact_id = p.artifact_id and contains(lower(t.value_text), p.word)
    where p.promise = 'side'
    group by p.artifact_id, p.what
),
listed as (
    select p.artifact_id, p.what, count(distinct coalesce(c.value_text, c.value_num::varchar)) as items
    from sheet_promises p
    left join cells c on c.artifact_id = p.artifact_id and c.row > 1
        and contains(lower(coalesce(c.header, '')), p.word)
    where p.promise = 'identifier'
    group by p.artifact_id, p.what
),
events as (
    select p.artifact_id, count(distinct c.row) as dated
    from sheet_promises p
    left join cells c on c.artifact_id = p.artifact_id and c.value_date is not null and c.row > 1
    where p.promise = 'time_sheet'
    group by p.artifact_id
),
counted as (
    -- a count of things (a plural unit, not of time or measure; 2 to 200 of them, as promise.COUNTED_MOST, or a run of
    -- up to 200,000, promise.LISTED_MOST, whose unit may take two words: 'group members') whose thing the title names,
    -- as the ledger has it on the sheet's day (not a superseded draft's count)
    select a.id as artifact_id, a.path, f.id as fact_id, lower(f.unit) as unit, f.value_num as n
    from artifacts a
    join planned_facts p on p.artifact_id = a.id
    join facts f on f.id = p.fact_id and f.type = 'number' and f.unit is not null
    join artifact_days d on d.artifact_id = a.id
    join fact_values v on v.fact_id = f.id and v.since <= d.day and (v.until is null or v.until > d.day)
        and v.value_num = f.value_num
    where a.kind = 'spreadsheet'
      and (regexp_full_match(lower(f.unit), '[a-z][a-z-]{2,}s')
           or (f.value_num > 200 and regexp_full_match(lower(f.unit), '[a-z][a-z-]+ [a-z][a-z-]{2,}s')
               and not regexp_matches(lower(f.unit), ' units$')))
      and lower(f.unit) not in ('days', 'weeks', 'months', 'years', 'hours', 'minutes', 'nights', 'times', 'points',
                                'percent', 'units', 'items', 'tonnes', 'tons', 'metres', 'meters', 'miles',
                                'kilometres')
      and f.value_num = floor(f.value_num) and f.value_num between 2 and 200000
      and regexp_matches(lower(a.title), '\b' || substr(lower(f.unit), 1, length(f.unit) - 1) || 's?\b')
      and not exists (select 1 from distractors x where x.id = a.distractor and x.fact = f.id)
),
listed_things as (
    select k.artifact_id, k.path, k.unit, k.n, count(distinct c.row) as dated
    from counted k
    left join cells c on c.artifact_id = k.artifact_id and c.row > 1 and c.value_date is not null
    group by k.artifact_id, k.path, k.unit, k.n
)
select n.artifact_id, a.path, 'titled for a comparison, but no row of figures names ' || n.what as detail
from named n join artifacts a on a.id = n.artifact_id
where not n.kept
union all
select l.artifact_id, a.path, 'titled for its ' || l.what || ' numbers, but no column lists them' as detail
from listed l join artifacts a on a.id = l.artifact_id
where l.items < 2
union all
select e.artifact_id, a.path, 'titled a time sheet, but ' || e.dated || ' rows hold a dated event' as detail
from events e join artifacts a on a.id = e.artifact_id
where e.dated < 2
union all
select artifact_id, path, 'titled for its ' || n::integer || ' ' || unit || ', but ' || dated || ' rows list one' as detail
from listed_things
-- a run of more than 200 lists its first rows one by one and the others on a line (generators.runs): ten at least
where dated < case when n > 200 then 10 else n end
