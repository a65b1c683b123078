-- id: derived_fact_computed
-- severity: error
-- description: a derived fact shown in a sheet is computed there by a live formula that reads its inputs' cells, and its value, computed and cached, is the ledger's
-- The lines are the engine's (sheet_lines, role 'derived'): the ledger fact's amount cell must hold a
-- formula (not a typed number), the value the loader computes from the sheet's own cells and the
-- value cached in the file must both equal the fact's value for the sheet's day (a percent cell
-- holds its fraction), or the distractor's value in a labelled superseded draft, and the formula must
-- read the cell of every input that the sheet lays out.
with lines as (
    select l.*, a.path, a.distractor, d.day, s.sheet_name
    from sheet_lines l
    join artifacts a on a.id = l.artifact_id
    join artifact_days d on d.artifact_id = l.artifact_id
    join sheets s on s.path = a.path and s.position = 0
    where l.role = 'derived' and l.fact_id is not null
),
expected as (
    -- a labelled superseded draft of the fact computes the draft's value (from the draft's own inputs)
    select l.*, f.formula as ledger_formula,
           case when f.type = 'percent' then coalesce(x.value_num, v.value_num) / 100
                else coalesce(x.value_num, v.value_num) end as want
    from lines l
    join facts f on f.id = l.fact_id
    left join distractors x on x.id = l.distractor and x.fact = l.fact_id
    left join fact_values v on v.fact_id = f.id and v.since <= l.day and (v.until is null or v.until > l.day)
    where x.id is not null or v.fact_id is not null
),
found as (
    select e.*, c.formula as written, c.value_num as computed, k.cached_num as cached
    from expected e
    left join cells c on c.path = e.path and c.sheet_name = e.sheet_name and c.row = e.row and c.col = e.col
    left join cell_cache k on k.path = e.path and k.sheet_name = e.sheet_name and k.row = e.row and k.col = e.col
),
unread as (
    -- an input the sheet lays out whose cell the fact's formula does not read
    select f.artifact_id, f.path, f.fact_id, f.row, i.fact_id as input
    from found f
    join sheet_lines i on i.artifact_id = f.artifact_id and i.role in ('input', 'derived', 'subtotal', 'total')
        and list_contains(regexp_extract_all(f.ledger_formula, '[A-Za-z_][A-Za-z0-9_]*'), i.fact_id)
    anti join cell_refs r on r.path = f.path and r.sheet_name = f.sheet_name and r.row = f.row and r.col = f.col
        and r.ref_row = i.row and r.ref_col = i.col
    where f.written is not null
)
select artifact_id, path, 'row ' || row || ': ' || fact_id || ' is typed as a number, not computed by a formula' as detail
from found where written is null
union all
select artifact_id, path, 'row ' || row || ': ' || fact_id || ' computes to ' || coalesce(computed::varchar, 'nothing')
       || ' (' || written || '), but the ledger says ' || want::varchar
from found where written is not null and (computed is null or abs(computed - want) > 0.005 + 1e-9 * abs(want))
union all
select artifact_id, path, 'row ' || row || ': ' || fact_id || ' shows the cached value ' || cached::varchar
       || ' to readers that do not recalculate, but the ledger says ' || want::varchar
from found where cached is not null and abs(cached - want) > 0.005 + 1e-9 * abs(want)
union all
select artifact_id, path, 'row ' || row || ': the formula of ' || fact_id || ' does not read the cell of its input ' || input
from unread
