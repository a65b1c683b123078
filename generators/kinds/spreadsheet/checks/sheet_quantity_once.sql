-- id: sheet_quantity_once
-- severity: error
-- description: one quantity, one row: no two rows of a sheet compute the same formula, show the same ledger fact, or type a figure another row computes from its inputs
-- Three ways a sheet shows one quantity twice (blind read 34: "'Principal upheld' and 'Principal remaining' are the
-- same =B2-B3"; "the first-offer cost appears twice, and the severance once as a formula and once hard-coded"):
-- two formula cells of one column whose formulas are the same (spaces and $ aside); two lines of the engine's plan
-- that show one ledger fact; and a fact typed as a number on one line while another cell of its column computes the
-- same value by a formula that reads the cell of every input of the fact's ledger formula that the sheet lays out.
with formulas as (
    select artifact_id, path, sheet_name, row, col, regexp_replace(upper(formula), '[\s$]', '', 'g') as f
    from cells
    where formula is not null and artifact_id is not null
),
laid as (
    select l.*, a.path, s.sheet_name
    from sheet_lines l
    join artifacts a on a.id = l.artifact_id
    join sheets s on s.path = a.path and s.position = 0
),
typed as (
    -- a fact with a ledger formula, typed as a number on its line
    select t.artifact_id, t.path, t.sheet_name, t.row, t.col, t.fact_id, v.value_num,
           regexp_extract_all(f.formula, '[A-Za-z_][A-Za-z0-9_]*') as inputs
    from laid t
    join facts f on f.id = t.fact_id and f.formula is not null
    join cells v on v.path = t.path and v.sheet_name = t.sheet_name and v.row = t.row and v.col = t.col
    where t.role = 'input' and v.formula is null and v.value_num is not null
),
computed_elsewhere as (
    select t.artifact_id, t.path, t.row, t.fact_id, c.row as by_row
    from typed t
    join cells c on c.path = t.path and c.sheet_name = t.sheet_name and c.col = t.col and c.row <> t.row
        and c.formula is not null and abs(c.value_num - t.value_num) <= 0.005
    where exists (select 1 from laid i where i.artifact_id = t.artifact_id and list_contains(t.inputs, i.fact_id))
      and not exists (
          select 1 from laid i
          where i.artifact_id = t.artifact_id and list_contains(t.inputs, i.fact_id)
            and not exists (select 1 from cell_refs r
                            where r.path = t.path and r.sheet_name = t.sheet_name and r.row = c.row and r.col = c.col
                              and r.ref_row = i.row and r.ref_col = i.col))
)
select a.artifact_id, a.path, 'rows ' || a.row || ' and ' || b.row || ' compute the same ' || a.f as detail
from formulas a
join formulas b on b.path = a.path and b.sheet_name = a.sheet_name and b.col = a.col and b.f = a.f and b.row > a.row
union all
select artifact_id, path, 'rows ' || min(row) || ' and ' || max(row) || ' both show ' || fact_id
from laid
where fact_id is not null and role in ('input', 'derived', 'subtotal', 'total')
group by artifact_id, path, fact_id
having count(*) > 1
union all
select artifact_id, path, 'row ' || row || ' types ' || fact_id || ', which row ' || by_row || ' computes from its inputs'
from computed_elsewhere
