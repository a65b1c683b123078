-- id: no_later_paper_named
-- severity: error
-- description: no document, sheet, chat or meeting names a paper by a day later than its own, nor what replaced it
-- The files' counterpart of no_later_paper_cited (which reads a message's own text). A paper is named by
-- its day when a word for a paper is followed by "of" or "dated" and a written day ("the final report of
-- October 5, 2026"), or when a replacement clause gives a day ("replaced by the auditors' review of
-- August 11, 2026", "withdrawn and reissued on April 8, 2026"). A file's own text, cells and margins are
-- written on its day: a sheet "as at 28 September" cannot say it was replaced by the model of October 6,
-- nor an August 5 draft carry a note about the August 11 review (blind read 23). A day written without its
-- year is taken in the file's year. Whatever is "dated" a day is a paper of that day, whatever its noun ("its notice is
-- dated April 22, 2026" in a site report of April 13: blind read 28).
with named as (
    select t.artifact_id, t.path, d.day,
           unnest(regexp_extract_all(t.text,
               '(?i)(?:\b(?:schedule|memo|memorandum|report|letter|minutes|draft|model|workbook|notes|note|opinion|'
               || 'advice|analysis|summary|notice|proposal|submissions|determination|valuation|certificate|'
               || 'estimate|tracker|log|computation|calculation|comparison|paper|version|review)s?'
               || '\s+of|\bdated|\b(?:replaced|superseded|withdrawn|reissued)\s+(?:by|on)\b[^.;\n]{0,80}?)\s+'
               || '((?:January|February|March|April|May|June|July|August|September|October|'
               || 'November|December)\s+\d{1,2}(?:,\s+\d{4})?|\d{1,2}\s+(?:January|February|March|April|May|June|'
               || 'July|August|September|October|November|December)(?:\s+\d{4})?)', 1)) as written
    from artifact_text t
    join artifact_days d on d.artifact_id = t.artifact_id
    where t.kind <> 'email' and t.text is not null and d.day is not null
),
dated as (
    select artifact_id, path, day, written,
           case when regexp_matches(written, '\d{4}$')
                then try_strptime(regexp_replace(written, '\s+', ' ', 'g'), ['%B %d, %Y', '%d %B %Y'])
                else try_strptime(regexp_replace(written, '\s+', ' ', 'g') || ' ' || year(day)::varchar, ['%B %d %Y', '%d %B %Y'])
           end::date as paper_day
    from named
)
select distinct artifact_id, path,
       'names a paper of ' || written || ', later than its own date ' || day::varchar as detail
from dated
where paper_day is not null and paper_day > day
