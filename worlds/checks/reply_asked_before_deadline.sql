-- id: reply_asked_before_deadline
-- severity: warn
-- description: views, comments, instructions or a decision asked for by a day are asked for before the matter's next deadline
-- A memo of 14 September asked for views "by Monday 21 September" on a guarantee the bank had to pay under by the
-- 18th (blind read 30): the answer it asks for serves the deadline, so a day after it reads as a date nobody
-- checked against the file. A request is "your views / comments / thoughts / instructions / a decision / a response
-- ... by <day>" in a file's own text (a message's new text); a deadline is a date fact whose label names one
-- (deadline, due date, time limit, cut-off), after the file's day; the request is flagged when its day falls after
-- the first such deadline. A day written without its year is taken in the file's year, or the next where that puts
-- it more than half a year before the file. A deadline the next day leaves no room to ask for anything before it
-- (a letter the day before a payment falls due defers it and asks for a response later), so it does not count.
-- (A warning: it counts what the generators should no longer write.)
with deadlines as (
    select min(value_date) as first_due, d.artifact_id
    from facts f
    join artifact_days d on f.value_date > d.day + interval 1 day
    where f.type = 'date' and f.value_date is not null
      and regexp_matches(coalesce(f.label, ''), '(?i)\b(?:deadline|due date|time limit|time bar|last day|cut-?off|expiry)\b')
    group by d.artifact_id
),
texts as (
    select t.artifact_id, t.path, t.text, d.day, x.first_due
    from artifact_text t
    join artifact_days d on d.artifact_id = t.artifact_id
    join deadlines x on x.artifact_id = t.artifact_id
    where t.text is not null
      and regexp_matches(t.text, '(?i)\b(?:views|comments|thoughts|instructions|decision|response|reply|answer)\b')
),
written as (
    select artifact_id, path, day, first_due,
           unnest(regexp_extract_all(text,
               '(?i)\b(?:views|comments|thoughts|instructions|decision|response|reply|answer)\b[^.?!\n]{0,40}?\bby\s+'
               || '(?:(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday),?\s+)?(?:the\s+)?'
               || '((?:(?:January|February|March|April|May|June|July|August|September|October|November|December)'
               || '\s+\d{1,2}\b(?:,\s+\d{4})?|\d{1,2}\s+(?:January|February|March|April|May|June|July|August|'
               || 'September|October|November|December)(?:\s+\d{4})?))', 1)) as phrase
    from texts
),
dated as (
    select *, regexp_matches(phrase, '\d{4}$') as has_year,
           case when regexp_matches(phrase, '\d{4}$')
                then try_strptime(regexp_replace(phrase, '\s+', ' ', 'g'), ['%B %d, %Y', '%d %B %Y'])
                else try_strptime(regexp_replace(phrase, '\s+', ' ', 'g') || ' ' || year(day)::varchar,
                                  ['%B %d %Y', '%d %B %Y']) end::date as named
    from written
),
resolved as (
    select artifact_id, path, day, phrase, first_due,
           case when not has_year and named < day - interval 183 days then (named + interval 1 year)::date
                else named end as asked
    from dated
)
select distinct artifact_id, path,
       'asks for a reply by ' || phrase || ', after the deadline of ' || strftime(first_due, '%-d %B %Y') as detail
from resolved
where asked is not null and asked > first_due
