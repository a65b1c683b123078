-- id: amount_beside_label
-- severity: error
-- description: an amount written beside a money fact's label, in any text or sheet row, is the fact's value for that artifact's day
-- derive: first_words = select string_agg(distinct regexp_escape(split_part(lower(squash(label)), ' ', 1)), '|') from facts where type = 'money' and label is not null and length(label) >= 4
-- A mention is the fact's label (facts.label, e.g. "OPA 90 liability cap") followed at once, or after
-- a joining word (of, is, at, totals, stands at, comes to, amounts to, :, =, an opening bracket), by
-- an amount "CUR 1,234.56"; in a sheet, a row whose first text cell is the label and which holds a
-- money cell. Past-tense history ("stood at", "was") is not a mention. The amount must be a value the
-- fact holds on the artifact's day; a labelled superseded draft may also give its distractor's value, and any
-- value for a direct input of its distractor's fact (its working, back-solved to the draft's figure).
-- Read: every kind's artifact_text (an email's new text; its quoted history is checked in the
-- message it quotes), and the cells of every sheet.
-- A label read inside another fact's longer label is that fact's, not its own: "the amount held back from the interim
-- distribution is AUD 9,010,000" states the holdback, not the interim distribution (an unseen outline's settlement
-- administrator, quarantined on a true sentence); the longer labels are blanked out of the text the shorter is read in.
with labels as (
    select f.id as fact_id, lower(squash(f.label)) as label, f.currency,
           regexp_replace(lower(squash(f.label)), '([.^$*+?()\[\]{}|\\])', '\\\1', 'g') as pattern,
           (select string_agg(regexp_replace(lower(squash(g.label)), '([.^$*+?()\[\]{}|\\])', '\\\1', 'g'), '|'
                              order by length(g.label) desc)
            from facts g
            where g.label is not null and g.id <> f.id and length(g.label) > length(f.label)
              and contains(lower(squash(g.label)), lower(squash(f.label)))) as outer_labels
    from facts f
    where f.type = 'money' and f.label is not null and length(f.label) >= 4
),
texts as (
    -- a sheet's cells are its lines: a label cell is not 'beside' an amount in the next cell (its row's amount is the
    -- row's, read below), so a row 'Permitted deductions | 6,420,000 | Of CAD 24,960,000 claimed' says nothing of
    -- the label's amount in its note (an expert's point on an unseen royalty audit's sheet, issue 17)
    select t.artifact_id, t.path,
           lower(squash(case when t.kind = 'spreadsheet' then replace(t.text, chr(10), ' | ') else t.text end)) as text,
           d.day, a.distractor
    -- only a text holding some label's first word as written (squashing joins nothing within a word): squashing
    -- every text of a million messages is most of the cost, and most name no label. The words are one pattern of
    -- literals ($first_words, derived from facts as labels is, compiled once), tested before the joins: an exists
    -- over labels was a join and a grouping of every text, two thirds of this check at 1,000,000 emails
    from (select artifact_id, path, kind, text from artifact_text where regexp_matches(lower(text), $first_words)) t
    join artifact_days d on d.artifact_id = t.artifact_id
    join artifacts a on a.id = t.artifact_id
),
said as (
    select x.artifact_id, x.path, x.day, x.distractor, l.fact_id, l.label,
           unnest(regexp_extract_all(case when l.outer_labels is null then x.text
                                          else regexp_replace(x.text, l.outer_labels, '#', 'g') end,
               '(?:(?:' || lower(l.currency) || '|\$|£|€)\s?-?[0-9][0-9,]*(?:\.[0-9]+)?\s+'
               || '|(?:one-|one |a )?(?:half|third|quarter|fifth|tenth)s? (?:of )?(?:the )?'
               || '|(?:twice|double|treble|triple) (?:the )?|[0-9][0-9.]* ?(?:%|per ?cent) of (?:the )?'
               || '|\b(?:plus|less|minus|times|of|over|applied to|divided by|multiplied by) (?:the )?)?'
               || l.pattern
               || '(?:\s*(?:,|:|=|\(|\bof\b|\bis\b|\bat\b|\btotals?\b|\btotalling\b|\bstands at\b|\bnow\b|\bcomes to\b|\bamounts to\b))*\s*(?:' || lower(l.currency) || '|\$|£|€)\s?-?[0-9][0-9,]*(?:\.[0-9]+)?'
               || '(?:\s*(?:\bless\b|\bminus\b|\bplus\b|\btimes\b)(?:[^.;=]|\.[0-9]){0,160}?=\s*(?:' || lower(l.currency) || '|\$|£|€)\s?-?[0-9][0-9,]*(?:\.[0-9]+)?'
               || '|\s*(?:\bless\b|\bminus\b|\bplus\b|\btimes\b|\bx\b|[-+×*/])\s*(?:the\s+)?(?:[a-z]{3}\s?|\$|£|€)?[0-9(])?', 0)) as phrase
    from texts x
    join labels l on contains(x.text, l.label)
),
-- The amount is the one after the label. Not a mention: a phrase that opens with an amount ("the USD 50,000
-- deductible: USD 5,070,000", where the label names that amount and the colon gives a result), or with a share or
-- multiple of the label ("one-half the transaction value, USD 1,432,500", "50% of the fee: USD 3,000": the amount is
-- the share's, as an unseen outline's summary wrote it), or one whose amount opens a computation ("is USD 5,120,000
-- less the deductible"). A working written out to its result ("the price paid at closing is EUR 196,080,000 less
-- collections of EUR 14,600,000 = EUR 181,480,000", an unseen NPL-sale outline's statement, quarantined when the engine
-- quoted it in an email) is read to its result: the amount after the '=' is the label's.
said_amounts as (
    select *, regexp_extract(phrase, '(-?[0-9][0-9,]*(?:\.[0-9]+)?)$', 1) as amount
    from said
    where (starts_with(phrase, label)
           -- a label that is an operand of a working ('... plus the fine rate applied to the principal upheld at first
           -- instance: BRL 6,949,807.42') is followed by the working's result after a colon, not by its own amount (the
           -- engine's working of a decision, an unseen tax-appeal outline, issue 17); an operand given its own amount
           -- ('plus the principal of BRL 3,038,300') is still read
           or (regexp_matches(phrase, '^(?:plus|less|minus|times|of|over|applied to|divided by|multiplied by) ')
               and not regexp_matches(substr(phrase, strpos(phrase, label) + length(label)), '^[^0-9]*[:=]')))
      -- 'Permitted deductions: of CAD 24,960,000 claimed, CAD 6,420,000 are permitted' gives the part of a whole
      -- after the label's colon (an expert's point in an unseen royalty-audit outline, issue 17)
      and not regexp_matches(substr(phrase, strpos(phrase, label) + length(label)), '^\s*[:,]\s*of\b')
      and not regexp_matches(phrase, '[0-9]\s*(?:\bless|\bminus|\bplus|\btimes|\bx|[-+×*/])\s*(?:the\s+)?(?:[a-z]{3}\s?|\$|£|€)?[0-9(]$')
),
rows_said as (
    -- a sheet row whose first text cell is the label, and the money cells of that row
    select c.artifact_id, c.path, d.day, a.distractor, l.fact_id, l.label, m.value_num as value
    from (select path, sheet_name, row, arg_min(value_text, col) as first_text
          from cells where value_type = 'text' group by path, sheet_name, row) r
    join labels l on lower(squash(r.first_text)) = l.label
    join cells c on c.path = r.path and c.sheet_name = r.sheet_name and c.row = r.row
    join cells m on m.path = r.path and m.sheet_name = r.sheet_name and m.row = r.row and m.value_num is not null
        and m.number_format like '%#,##0.00%'
    join artifact_days d on d.artifact_id = c.artifact_id
    join artifacts a on a.id = c.artifact_id
    where c.col = (select min(col) from cells z where z.path = r.path and z.sheet_name = r.sheet_name and z.row = r.row
                   and z.value_type = 'text')
),
mentions as (
    select artifact_id, path, day, distractor, fact_id, label, try_cast(replace(amount, ',', '') as double) as value, 'writes' as how
    from said_amounts where amount <> ''
    union all
    select artifact_id, path, day, distractor, fact_id, label, value, 'has a row' from rows_said
),
judged as (
    select m.*,
           exists (select 1 from fact_values v where v.fact_id = m.fact_id and v.since <= m.day
                   and (v.until is null or v.until > m.day) and abs(v.value_num - m.value) <= 0.005) as current,
           exists (select 1 from distractors x where x.id = m.distractor and x.fact = m.fact_id
                   and abs(x.value_num - m.value) <= 0.005)
           -- (a draft's working gives the inputs its wrong figure was worked from: a lien draft that took the
           -- holdback on the wrong base shows that holdback beside its label; an unseen outline's superseded
           -- computation quarantined on its own back-solved input)
           or exists (select 1 from distractors x join facts g on g.id = x.fact where x.id = m.distractor
                      and regexp_matches(coalesce(g.formula, ''), '\b' || m.fact_id || '\b')) as drafted,
           (select string_agg(v.text, ' / ') from fact_values v where v.fact_id = m.fact_id and v.since <= m.day
                   and (v.until is null or v.until > m.day)) as truth
    from mentions m
    where m.value is not null
)
select distinct artifact_id, path,
       how || ' ' || label || ' beside ' || value::varchar || ', but on ' || day::varchar || ' the ledger says '
       || coalesce(truth, 'nothing yet (it is not known)') as detail
from judged
where not current and not drafted
