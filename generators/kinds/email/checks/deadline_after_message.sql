-- id: deadline_after_message
-- severity: warn
-- description: a day an email asks for or promises something by is not before the email itself
-- A sentence of the sender's own text that asks or promises ("please ... by", "will ... by", "grateful
-- ... by") and names a day by its date ("by September 7", "by 7 September 2026") must name a day on
-- or after the day it is sent: "You will have your response by August 31" sent on September 2 is
-- a date gone by (blind read 19). A day without a year is the sent year's.
-- Only a body that names a day after "by" is cut into sentences: a body without one has no sentence that could
-- name one (this test is looser than day_text's below), and cutting every body and testing every sentence cost
-- 2.7 CPU-seconds of 1,000,000 emails (bench/validate_scale.py --per-check), this test 0.2. It has no \b before
-- "by": a pattern that starts with a literal is scanned for that literal first, one with \b is not (1.5 s).
with sentences as (
    select e.artifact_id, e.path, e.sent_at::date as sent,
           unnest(regexp_extract_all(coalesce(e.body_new, ''), '[^.?!\n]*\bby [^.?!\n]*')) as s
    from emails e
    where e.sent_at is not null
      and regexp_matches(e.body_new, 'by (?:[A-Z][a-z]+day,? )?(?:(?:January|February|March|April|May|June|July|August|September|October|November|December) \d|\d{1,2} (?:January|February|March|April|May|June|July|August|September|October|November|December))')
), asked as (
    select *, coalesce(
        nullif(regexp_extract(s, '\bby (?:[A-Z][a-z]+day,? )?((?:January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2})(?:,? (\d{4}))?\b', 1), ''),
        nullif(regexp_extract(s, '\bby (?:[A-Z][a-z]+day,? )?(\d{1,2} (?:January|February|March|April|May|June|July|August|September|October|November|December))(?: (\d{4}))?\b', 1), '')
    ) as day_text,
    coalesce(nullif(regexp_extract(s, '\bby (?:[A-Z][a-z]+day,? )?(?:[A-Z][a-z]+ \d{1,2},? (\d{4})|\d{1,2} [A-Z][a-z]+ (\d{4}))\b', 1), ''),
             nullif(regexp_extract(s, '\bby (?:[A-Z][a-z]+day,? )?\d{1,2} [A-Z][a-z]+ (\d{4})\b', 1), '')) as year_text
    from sentences
    where regexp_matches(lower(s), '\b(please|could you|can you|would you|will|''ll|shall|grateful|let (me|us) have|would like|we need|i need|aim to|expect to|plan to)\b')
      and not regexp_matches(lower(s), '\b(was|were|had|did|went|came|fell|passed|expired|lapsed|ago|since)\b')
), dated as (
    select *, coalesce(
        try_strptime(day_text || ' ' || coalesce(year_text, year(sent)::varchar), '%B %d %Y'),
        try_strptime(day_text || ' ' || coalesce(year_text, year(sent)::varchar), '%d %B %Y'))::date as due
    from asked
    where day_text is not null
)
select artifact_id, path, 'sent ' || sent::varchar || ', asks or promises by ' || due::varchar || ': "' || trim(s) || '"' as detail
from dated
where due is not null and due < sent and (year_text is not null or sent - due < 120)
