-- id: sheet_totals_add_up
-- severity: error
-- description: every number in a sheet's Total row equals the sum of its column's rows above it, as computed and as cached
-- The Total row is the first row below the header with a text cell "Total" (or "Totals", "Grand
-- total"); the rows summed lie between the header and it. Two values are held to the sum: the one
-- the loader computes from the formula (or a number typed in its place), and the one the file
-- caches for readers that do not recalculate, when the writing application stored one. A formula
-- the loader cannot evaluate is left alone.
with bounds as (
    select path, sheet_name, min(row) as total_row
    from cells
    where value_type = 'text' and lower(trim(value_text)) in ('total', 'totals', 'grand total') and row > 1
    group by path, sheet_name
),
sums as (
    select c.path, c.sheet_name, c.col, sum(c.value_num) as rows_sum
    from cells c
    join bounds b on b.path = c.path and b.sheet_name = c.sheet_name
    where c.row > 1 and c.row < b.total_row and c.value_num is not null
    group by c.path, c.sheet_name, c.col
),
totals as (
    select c.artifact_id, c.path, c.sheet_name, c.row, c.col, c.header, c.formula, c.value_num, k.cached_num,
           coalesce(s.rows_sum, 0) as rows_sum
    from cells c
    join bounds b on b.path = c.path and b.sheet_name = c.sheet_name and c.row = b.total_row
    left join sums s on s.path = c.path and s.sheet_name = c.sheet_name and s.col = c.col
    left join cell_cache k on k.path = c.path and k.sheet_name = c.sheet_name and k.row = c.row and k.col = c.col
)
select artifact_id, path,
       sheet_name || '!' || header || ' row ' || row || ': the total ' || value_num::varchar
       || case when formula is null then ' (typed, no formula)' else ' (' || formula || ')' end
       || ' is not the sum of the rows above it, ' || rows_sum::varchar as detail
from totals
where value_num is not null and abs(value_num - rows_sum) > 0.005 + 1e-9 * abs(rows_sum)
union all
select artifact_id, path,
       sheet_name || '!' || header || ' row ' || row || ': the cached total ' || cached_num::varchar
       || ' that non-recalculating readers see is not the sum of the rows above it, ' || rows_sum::varchar
from totals
where cached_num is not null and abs(cached_num - rows_sum) > 0.005 + 1e-9 * abs(rows_sum)
