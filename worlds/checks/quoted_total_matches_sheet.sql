-- id: quoted_total_matches_sheet
-- severity: error
-- description: an amount a document quotes for a sheet it cites is a number of that sheet: a cell or a column's total
-- A quote is the sheet's title (workbook title, else the planned title) followed by one of
-- " totals ", " is ", ", the total is " then an amount "CUR 1,234.56", or a table cell break then a cell that is
-- such an amount and nothing else (a key-figures table's Source cell is followed by the next row's item,
-- "OPA 90 limitation amount", which is no quote);
-- an optional "(Column)" may follow the title. The citations are the plan's (DocumentSpec.cites).
-- A column's total is the sum of its numbers between the header row and a "Total" row.
with cited as (
    select pc.artifact_id, d.path, s.id as sheet_id, s.path as sheet_path, lower(d.text) as text,
           lower(rtrim(coalesce(wb.title, s.title), '. ')) as label
    from planned_cites pc
    join documents d on d.artifact_id = pc.artifact_id
    join artifacts s on s.id = pc.sheet_id
    left join workbooks wb on wb.path = s.path
),
quotes as (
    select artifact_id, path, sheet_id, sheet_path,
           regexp_extract(after, '^(?: \([^)\n]*\))?(?: totals |,? is |, the total is )[a-z]{3} (-?[0-9][0-9,]*(?:\.[0-9]+)?)', 1)
           || regexp_extract(after, '^(?: \([^)\n]*\))?\n[a-z]{3} (-?[0-9][0-9,]*(?:\.[0-9]+)?)(?:\n|$)', 1) as amount
    from (select *, unnest(string_split(text, label)[2:]) as after from cited where label <> '' and contains(text, label))
),
bounds as (
    select path, sheet_name, min(row) as total_row
    from cells
    where value_type = 'text' and lower(trim(value_text)) in ('total', 'totals', 'grand total') and row > 1
    group by path, sheet_name
),
numbers as (
    select path, value_num from cells where value_num is not null
    union all
    select c.path, sum(c.value_num)
    from cells c
    left join bounds b on b.path = c.path and b.sheet_name = c.sheet_name
    where c.value_num is not null and c.row > 1 and c.row < coalesce(b.total_row, 2147483647)
    group by c.path, c.sheet_name, c.col
)
select q.artifact_id, q.path,
       'quotes ' || q.amount || ' for ' || q.sheet_id || ', but no cell or column total of ' || q.sheet_path
       || ' is that amount' as detail
from quotes q
where q.amount <> ''
  and not exists (select 1 from numbers n
                  where n.path = q.sheet_path and abs(n.value_num - replace(q.amount, ',', '')::double) <= 0.005)
