-- id: breakdown_sums_to_fact
-- severity: error
-- description: a sheet that breaks a fact down has line items that sum, to the cent, to that fact's value (and its parts to theirs), as computed and as cached
-- The lines are the engine's subtotals and totals (sheet_lines, roles 'subtotal' and 'total' with a
-- fact): each must be a formula over the sheet's own cells, and the value the loader computes from
-- the line items (an item a cent off shows here) and the value cached in the file must both equal the
-- fact's value for the sheet's day, or the distractor's value in a labelled superseded draft.
with lines as (
    select l.*, a.path, a.distractor, d.day, s.sheet_name
    from sheet_lines l
    join artifacts a on a.id = l.artifact_id
    join artifact_days d on d.artifact_id = l.artifact_id
    join sheets s on s.path = a.path and s.position = 0
    where l.role in ('subtotal', 'total') and l.fact_id is not null
),
expected as (
    select l.*, coalesce(x.value_num, v.value_num) as want
    from lines l
    left join distractors x on x.id = l.distractor and x.fact = l.fact_id
    left join fact_values v on v.fact_id = l.fact_id and v.since <= l.day and (v.until is null or v.until > l.day)
),
found as (
    select e.*, c.formula as written, c.value_num as computed, k.cached_num as cached
    from expected e
    left join cells c on c.path = e.path and c.sheet_name = e.sheet_name and c.row = e.row and c.col = e.col
    left join cell_cache k on k.path = e.path and k.sheet_name = e.sheet_name and k.row = e.row and k.col = e.col
)
select artifact_id, path, 'row ' || row || ': the ' || role || ' of ' || fact_id || ' is typed, not a formula over its items' as detail
from found where written is null
union all
select artifact_id, path, 'row ' || row || ': the items of ' || fact_id || ' sum to ' || coalesce(computed::varchar, 'nothing')
       || ', not to its value ' || coalesce(want::varchar, '(unknown on ' || day::varchar || ')')
from found where written is not null and (computed is null or want is null or abs(computed - want) > 0.005)
union all
select artifact_id, path, 'row ' || row || ': the cached ' || role || ' of ' || fact_id || ' is ' || cached::varchar
       || ', not its value ' || want::varchar
from found where cached is not null and want is not null and abs(cached - want) > 0.005
