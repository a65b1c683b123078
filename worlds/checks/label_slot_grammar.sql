-- id: label_slot_grammar
-- severity: error
-- description: no fact label poured into a slot its grammar does not fit: an event made its own date, a count's things made its value, a title lowered into a served notice, a stand's second verb left to another subject, a date due bracketed with the day it came in
-- derive: label_words = select string_agg(distinct regexp_escape(split_part(lower(squash(regexp_replace(label, '^\s*(?:[Tt]he|[Aa]n?)\s+', ''))), ' ', 1)), '|') from facts where label is not null and length(label) >= 6 and type in ('date', 'number')
-- Blind read 27 (issue 17 point 5, "0 fact labels in ungrammatical slots"): "The distributor terminated was February
-- 12, 2026", "the open severity-1 defects are 41 defects", "We give formal notice of orrindale disputes termination
-- and demands the UAT milestone", "We dispute the termination and produces only part of its records", "The full
-- disclosure report due (May 4, 2026, in on March 9): our response". Each class is read by its shape, over the labels
-- the ledger gives, never by an outline's words:
-- - an event: a date fact whose label is a thing and what was done to it (its last word a participle, no word of a
--   day: "distributor terminated", "Notice of Arbitration filed"), then is/was/are/were and its own date;
-- - a count's things: a number fact whose label ends in its plural unit ("open severity-1 defects", unit "defects"),
--   then is/are/was/were and its value ("41 defects");
-- - a served title: "we give formal notice of" or "we make formal" and a lower-case word that a verb in the third
--   person follows (a sentence of a title lowered: "formal notice of orrindale disputes");
-- - a stand: "We" and a verb of taking a side, and after "and" a verb in the third person in the same sentence;
-- - an agenda point: a label ending "due", a bracket with its day and "in on" another.
-- Read: every kind's artifact_text (an email's new text; its quoted history is checked in the message it quotes).
with labels as (
    select f.id as fact_id, f.type, lower(squash(f.text)) as value, lower(f.unit) as unit,
           lower(squash(regexp_replace(f.label, '^\s*(?:[Tt]he|[Aa]n?)\s+', ''))) as label
    from facts f
    where f.label is not null and length(f.label) >= 6
),
shaped as (
    select fact_id, label, value,
           case when type = 'date' and regexp_matches(label, '\s[a-z]+ed$')
                     and not regexp_matches(label, '\b(?:date|day|deadline|period|time|year|month|week|quarter)s?\b')
                then 'event'
                when type = 'number' and length(unit) >= 4 and ends_with(unit, 's') and ends_with(label, ' ' || unit)
                then 'count' end as shape
    from labels
),
wanted as (select * from shaped where shape is not null),
-- Only a text that some branch below could read is squashed (squashing every text was most of this check: 1.3 CPU-s
-- over bench/validate_scale.py's 100,000 emails): as written but lowered, it holds "formal", "in" and "on", "we" and
-- a stand's verb, or the first word of a date's or a number's label ($label_words, derived, one pattern of
-- literals); squashing turns a run of \s into one space and joins nothing within a word.
texts as (
    select artifact_id, path, lower(squash(text)) as text from artifact_text
    where regexp_matches(lower(text),
                         'formal|in\s+on|\bwe\s+(?:dispute|reject|deny|refuse|contest|challenge|object\s+to|demand)\b')
       or coalesce(regexp_matches(lower(text), $label_words), false)
),
made_value as (
    select t.artifact_id, t.path, w.shape, w.label, w.value
    from texts t
    join wanted w on contains(t.text, w.label || ' ')
    where contains(t.text, w.label || ' is ' || w.value) or contains(t.text, w.label || ' was ' || w.value)
       or contains(t.text, w.label || ' are ' || w.value) or contains(t.text, w.label || ' were ' || w.value)
),
shapes as (
    select artifact_id, path,
           case shape when 'event' then 'the event "' || label || '" is written as its own date ("' || label || ' was '
                          || value || '" or with is, are, were): say the event on its day'
                      else 'the things counted, "' || label || '", are written as their count ("' || label || ' are '
                          || value || '"): say the noun once' end as detail
    from made_value
    union all
    select artifact_id, path, 'a title is lowered into a served notice: "'
           || regexp_extract(text, 'we (?:give|make) formal (?:notice of )?[a-z][\w''-]* (?:[a-z]+ )?[a-z]+s\b', 0) || '"'
    from texts
    where contains(text, 'formal')
      and regexp_matches(text, 'we (?:give|make) formal (?:notice of )?[a-z][\w''-]* (?:disputes|demands|rejects|refuses|claims|denies|withholds|produces|terminates)\b')
    union all
    select artifact_id, path, 'a stand takes a second verb of another subject: "'
           || regexp_extract(text, '\bwe (?:dispute|reject|deny|refuse|contest|challenge|object to|demand)\b[^.;:]{0,160}? and (?:produces|demands|disputes|refuses|withholds|rejects|denies|claims|provides|terminates)\b', 0) || '"'
    from texts
    where regexp_matches(text, '\bwe (?:dispute|reject|deny|refuse|contest|challenge|object to|demand)\b[^.;:]{0,160}? and (?:produces|demands|disputes|refuses|withholds|rejects|denies|claims|provides|terminates)\b')
    union all
    select artifact_id, path, 'a date due is bracketed with the day it came in: "'
           || regexp_extract(text, '\bdue \([^)]{1,40}, in on [^)]{1,30}\)', 0) || '"'
    from texts
    where contains(text, ' in on ') and regexp_matches(text, '\bdue \([^)]{1,40}, in on [^)]{1,30}\)')
)
select artifact_id, path, detail from shapes
