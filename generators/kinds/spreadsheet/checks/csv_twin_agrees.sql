-- id: csv_twin_agrees
-- severity: error
-- description: every sheet's CSV twin holds the same values, cell for cell, as the first worksheet of its .xlsx
-- The .xlsx side is its table: row 1 down to the row before the first empty row (notes below a gap
-- are not in the twin). Numbers agree within half a cent, a percent cell also when the CSV writes it
-- as a percentage (0.075 as 7.5); dates as ISO dates; text as text, whitespace squashed. A formula
-- the loader could not evaluate is not compared.
with pairs as (
    select a.id as artifact_id, a.path as xlsx, t.path as csv
    from artifacts a
    join expected_files t on t.artifact_id = a.id and t.role = 'twin'
    join files fx on fx.path = a.path and fx.parsed
    join files fc on fc.path = t.path and fc.parsed
    where a.kind = 'spreadsheet'
),
first_sheet as (
    select c.*
    from cells c
    join sheets s on s.path = c.path and s.sheet_name = c.sheet_name and s.position = 0
    where c.path in (select xlsx from pairs)
),
table_end as (
    -- the first row number with no cell at all, counting from the header
    select path, min(row) + 1 as gap
    from (select distinct path, row from first_sheet) r
    anti join (select distinct path, row from first_sheet) n on n.path = r.path and n.row = r.row + 1
    group by path
),
x as (
    select p.artifact_id, p.csv, c.row, c.col, c.value_type, c.value_text, c.value_num, c.value_date, c.number_format
    from pairs p
    join first_sheet c on c.path = p.xlsx
    join table_end e on e.path = c.path
    where c.row < e.gap
),
t as (
    select p.artifact_id, p.csv, tc.row, tc.col, tc.value_text,
           try_cast(replace(replace(trim(tc.value_text), ',', ''), '%', '') as double) as num
    from pairs p
    join twin_cells tc on tc.path = p.csv
)
select coalesce(x.artifact_id, t.artifact_id) as artifact_id, coalesce(x.csv, t.csv) as path,
       'row ' || coalesce(x.row, t.row) || ', column ' || coalesce(x.col, t.col) || ': the .xlsx has '
       || coalesce('"' || x.value_text || '"', 'nothing') || ', the twin ' || coalesce('"' || t.value_text || '"', 'nothing') as detail
from x
full outer join t on t.csv = x.csv and t.row = x.row and t.col = x.col
where coalesce(x.value_type, '') <> 'formula'
  and not coalesce(
      case
          when x.row is null or t.row is null then false
          when x.value_type = 'date' then trim(t.value_text) in (strftime(x.value_date, '%Y-%m-%d'), x.value_text)
          when x.value_num is not null then t.num is not null and (
              abs(x.value_num - t.num) <= 0.005
              or (x.number_format like '%\%%' escape '\' and abs(x.value_num * 100 - t.num) <= 0.0005))
          else squash(x.value_text) = squash(t.value_text)
      end, false)
