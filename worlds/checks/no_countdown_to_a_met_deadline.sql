-- id: no_countdown_to_a_met_deadline
-- severity: error
-- description: no file counts down to a deadline, or plans the run-up to it, after the act that met it is done
-- A deadline is met when another date of the ledger, gone by and known on the file's day, is an act whose statement
-- says it was done inside or before it ("the claim for lien was registered ... on May 27, 2026, inside the
-- preservation period" meets the lien preservation deadline: a word of the deadline's label that says what it is
-- for follows "inside", "within", "before", "ahead of" or "in time for"). After that a weekly note of June 3 that
-- counts "12 days to the lien preservation deadline (15 June 2026)" and gives "everything for the lien
-- preservation deadline ready by 12 June" (blind read 28) reads as a firm that has not noticed its own filing.
-- A countdown is the deadline's label near "N days to/out/from now", "run-up to" or "ready by".
with deadlines as (
    select f.id, lower(f.label) as label, f.value_date as due, w.word
    from facts f, unnest(string_split(regexp_replace(lower(f.label), '[^a-z0-9 -]', ' ', 'g'), ' ')) as w(word)
    where f.type = 'date' and f.value_date is not null and f.label is not null
      and regexp_matches(f.label, '(?i)\b(?:deadline|due|expir\w*|long-?stop|cut-?off)\b')
      and length(w.word) > 3
      and not regexp_matches(w.word, '^(?:date|deadline|period|time|limit|last|final|long-?stop|cut-?off|window|'
                                     || 'target|expiry|statutory|contractual|due)$')
),
acts as (
    select f.id, f.value_date as done, lower(regexp_replace(f.statement, '\s+', ' ', 'g')) as statement,
           coalesce((select min(v.since) from fact_values v where v.fact_id = f.id), f.value_date) as known
    from facts f
    where f.type = 'date' and f.value_date is not null and f.statement is not null
),
met as (
    select distinct d.id, d.label, regexp_replace(d.label, '([.*+?()\[\]{}|^$\\])', '\\\1', 'g') as pat, d.due, a.done,
           greatest(a.done, a.known) as from_day
    from deadlines d join acts a on a.id <> d.id and a.done <= d.due
    where regexp_matches(a.statement, '\b(?:inside|within|before|ahead of|in time for)\s+(?:the\s+)?(?:[\w-]+\s+){0,2}'
                                      || d.word || '\b')
),
counted as (
    select t.artifact_id, t.path, d.day, m.label, m.pat, m.due, m.done
    from artifact_text t
    join artifact_days d on d.artifact_id = t.artifact_id
    join met m on d.day >= m.from_day and d.day < m.due
    where t.text is not null and contains(lower(t.text), m.label)
      and regexp_matches(lower(t.text),
          '(?:\b\d+ days? (?:to|until|before) (?:the )?' || m.pat || '|' || m.pat || '[^.\n]{0,40}\b\d+ days? (?:out|from now|away)'
          || '|run-up to (?:the )?' || m.pat || '|ready by [^.\n]{0,30}' || m.pat || '|' || m.pat || '[^.\n]{0,10} ready by)')
)
select distinct artifact_id, path,
       'counts down to the ' || label || ' (' || strftime(due, '%-d %B %Y') || ') on ' || strftime(day, '%-d %B %Y')
       || ', after the act that met it on ' || strftime(done, '%-d %B %Y') as detail
from counted
