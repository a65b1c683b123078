-- id: no_later_paper_cited
-- severity: error
-- description: no message names a paper by a day later than its own ("the schedule of April 15" on April 13)
-- A paper is named by its day when a word for a paper (a schedule, a memo, a report, a letter, minutes, a
-- draft, a model, notes, a notice...) is followed by "of" or "dated" and a written day: "the schedule of
-- April 15, 2026", "our letter dated 3 June". Such a paper exists on that day at the earliest, so a message
-- sent before it cannot name it: time runs backward (blind read 17: a note of April 13 said the interim
-- schedule was "replaced by the schedule of April 15"). Only the sender's own text is read; a day written
-- without its year is taken in the message's year. Whatever is "dated" a day is a paper of that day ("its notice
-- is dated April 22": blind read 28). A date ahead that is no paper's (a deadline, a hearing)
-- is no_later_event_mentioned's, not this check's.
with named as (
    select e.artifact_id, e.path, timezone(w.timezone, e.sent_at)::date as day,
           unnest(regexp_extract_all(e.body_new,
               '(?i:(?:\b(?:schedule|memo|memorandum|report|letter|minutes|draft|model|workbook|notes|note|opinion|'
               || 'advice|analysis|summary|notice|proposal|submissions|determination|valuation|certificate|'
               || 'estimate|view|tracker|log|computation|calculation|comparison|paper|version|agreement|charter)s?)'
               || '\s+of|\bdated)\s+((?:January|February|March|April|May|June|July|August|September|October|'
               || 'November|December)\s+\d{1,2}(?:,\s+\d{4})?|\d{1,2}\s+(?:January|February|March|April|May|June|'
               || 'July|August|September|October|November|December)(?:\s+\d{4})?)', 1)) as written
    from emails e cross join world w
    where e.body_new is not null and e.sent_at is not null
),
dated as (
    select artifact_id, path, day, written,
           case when regexp_matches(written, '\d{4}$')
                then try_strptime(regexp_replace(written, '\s+', ' ', 'g'), ['%B %d, %Y', '%d %B %Y'])
                else try_strptime(regexp_replace(written, '\s+', ' ', 'g') || ' ' || year(day)::varchar,
                                  ['%B %d %Y', '%d %B %Y']) end::date as paper_day
    from named
)
select artifact_id, path,
       'names a paper of ' || written || ', later than its own date ' || day::varchar as detail
from dated
where paper_day is not null and paper_day > day
