-- id: rollup_sums_to_fact
-- severity: error
-- description: a set of sheets that rolls up to a fact (daily logs to the removal costs) has bottom lines that add up, to the cent, to the fact's current value
-- Each sheet of the set has one bottom line (sheet_lines.bottom) whose formula sums the day's items;
-- the values the loader computes from the sheets' cells are added up over the set and held to the
-- fact's current value. A sheet of the set that is missing or whose bottom line cannot be computed
-- counts as nothing, and so shows here too.
with bottoms as (
    select l.rolls_up_to as fact_id, l.artifact_id, a.path, c.value_num as computed
    from sheet_lines l
    join artifacts a on a.id = l.artifact_id
    left join sheets s on s.path = a.path and s.position = 0
    left join cells c on c.path = a.path and c.sheet_name = s.sheet_name and c.row = l.row and c.col = l.col
    where l.bottom and l.rolls_up_to is not null
),
sums as (
    select fact_id, sum(coalesce(computed, 0)) as total, count(*) as sheets, min(path) as first_path
    from bottoms group by fact_id
)
select null as artifact_id, s.first_path as path,
       'the ' || s.sheets || ' sheets that roll up to ' || s.fact_id || ' add up to ' || round(s.total, 2)::varchar
       || ', not to its value ' || f.value_num::varchar as detail
from sums s
join facts f on f.id = s.fact_id
where abs(s.total - f.value_num) > 0.005
