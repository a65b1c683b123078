-- id: total_only_over_parts
-- severity: error
-- description: no total in a sheet adds a ledger amount to rows that are not its parts
-- A ledger amount is a cell holding a money fact's value (any value it has held, or a distractor's),
-- at least 1,000 so that coincidences do not count (and not an item laid out as the largest of its items, which a
-- MAX computes back, nor a party's own row of a run that a line of its fact reads back). Two kinds of total are read: a formula cell that sums (SUM or +) over such a cell, and a
-- number in a row labelled Total, Totals or Grand total whose column holds such a cell above it. A total passes only where the engine laid it out as the total
-- of a fact whose formula adds that amount's fact (claims = removal costs + damages + losses), or where what it sums
-- comes to such a fact's value.
with amounts as (
    select v.fact_id, v.value_num from fact_values v join facts f on f.id = v.fact_id
    where f.type = 'money' and abs(v.value_num) >= 1000
    union
    select fact, value_num from distractors where type = 'money' and abs(value_num) >= 1000
),
held as (
    select c.*, a.fact_id as amount_of
    from cells c join amounts a on abs(c.value_num - a.value_num) <= 0.005
    where c.value_num is not null
      -- not an item the engine laid out as the largest of the items it lists, computed back by a MAX of them
      -- (generators.counted: 'the largest single shipment' is one of the shipments the total adds up)
      and not exists (select 1 from sheet_lines i join sheet_lines m on m.artifact_id = i.artifact_id
                      where i.artifact_id = c.artifact_id and i.row = c.row and i.col = c.col and i.role = 'item'
                        and m.role = 'derived' and m.fact_id = a.fact_id
                        and (regexp_matches(upper(m.formula), '^=?MAX\(')
                             -- or a party's own row of a run, read back by a reference to its cell (generators.runs:
                             -- 'Corella Super's assessed loss' is one of the members whose losses the total adds)
                             or upper(m.formula) in (chr(64 + c.col) || c.row, '=' || chr(64 + c.col) || c.row)))
),
summing as (
    select c.artifact_id, c.path, c.sheet_name, c.row, c.col, c.formula, c.value_num as total_value, h.amount_of,
           h.row as held_row
    from cells c
    join cell_refs r on r.path = c.path and r.sheet_name = c.sheet_name and r.row = c.row and r.col = c.col
    join held h on h.path = r.path and h.sheet_name = r.sheet_name and h.row = r.ref_row and h.col = r.ref_col
    where c.formula is not null and (contains(upper(c.formula), 'SUM(') or contains(c.formula, '+'))
),
planned as (
    select s.*, l.fact_id as total_of, f.formula as total_formula, f.type as total_type
    from summing s
    left join sheet_lines l on l.artifact_id = s.artifact_id and l.row = s.row and l.col = s.col
        and l.role in ('subtotal', 'total', 'derived')
    left join facts f on f.id = l.fact_id
),
labelled as (
    select c.artifact_id, c.path, c.sheet_name, c.row, c.col
    from cells c
    join cells t on t.path = c.path and t.sheet_name = c.sheet_name and t.row = c.row and t.value_type = 'text'
        and lower(trim(t.value_text)) in ('total', 'totals', 'grand total')
    where c.value_num is not null and c.row > 1
),
judged as (
    -- (a percent the engine computes as a party's rows over their total, skeleton.party_share, sums no total)
    select *, total_of is not null and (total_of = amount_of or total_type = 'percent'
           or list_contains(regexp_extract_all(coalesce(total_formula, ''), '[A-Za-z_][A-Za-z0-9_]*'), amount_of))
           -- (or the sum comes to a ledger amount whose formula adds that amount's fact: a register's unpaid claims,
           -- each on its own row, summed to the ledger's unpaid total, generators.registers)
           or exists (select 1 from fact_values v join facts g on g.id = v.fact_id
                      where abs(v.value_num - total_value) <= 0.005
                        and list_contains(regexp_extract_all(coalesce(g.formula, ''), '[A-Za-z_][A-Za-z0-9_]*'),
                                          amount_of))
           as is_part
    from planned
)
-- A cell whose value two facts share (a lower-of equal to one of its inputs) is a part when either fact is.
select artifact_id, path,
       'row ' || row || ' (' || formula || ') adds the ledger amount of ' || min(amount_of) || ' (row ' || held_row
       || ') to rows that are not its parts' as detail
from judged
group by artifact_id, path, sheet_name, row, col, formula, held_row
having not bool_or(is_part)
union all
select distinct b.artifact_id, b.path,
       'the Total row ' || b.row || ' adds up a column holding the ledger amount of ' || h.amount_of
       || ' (row ' || h.row || ')'
from labelled b
join held h on h.path = b.path and h.sheet_name = b.sheet_name and h.col = b.col and h.row < b.row and h.row > 1
