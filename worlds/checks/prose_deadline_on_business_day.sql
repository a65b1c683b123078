-- id: prose_deadline_on_business_day
-- severity: error
-- description: a day set in prose for something to be done ("ready by 13 June", "comments due on May 2") is a business day of the matter's country
-- Nobody sets a colleague or the other side a day when the office is shut: "everything ... ready by 13 June" on a
-- Saturday (blind read 28) reads as a date nobody looked up. A day is set when it follows "by", "due (on)", "no
-- later than", "deadline of" or "not later than"; it is a weekend day or one of public_holidays (the matter's
-- country). The ledger's own dates are the outline's (a statutory deadline that falls on a Sunday is the law's, and
-- the prose names it as such), so a day that is the text of a date fact is left out, and so is one written with its
-- weekday ("by Saturday 13 June": the writer says what day it is), and one gone by on the file's day (an act done
-- "by" it is the record's, not a day set). A day written without its year is taken in the
-- file's year, or the next where that puts it more than half a year before the file.
with texts as (
    select t.artifact_id, t.path, t.text, d.day
    from artifact_text t
    join artifact_days d on d.artifact_id = t.artifact_id
    where t.text is not null and d.day is not null
      and regexp_matches(t.text, '(?i)\b(?:by|due|later than|deadline of)\s')
),
written as (
    select artifact_id, path, day,
           unnest(regexp_extract_all(text,
               '(?i)\b(?:by|due(?:\s+on)?|no\s+later\s+than|not\s+later\s+than|deadline\s+of)\s+(?:the\s+)?'
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
    select artifact_id, path, day, phrase,
           case when not has_year and named < day - interval 183 days then (named + interval 1 year)::date
                else named end as due
    from dated
)
select distinct r.artifact_id, r.path,
       'sets "' || r.phrase || '", a ' || coalesce(h.name, dayname(r.due)) || ' (' || strftime(r.due, '%a %-d %B %Y')
       || ')' as detail
from resolved r
left join public_holidays h on h.day = r.due
where r.due is not null and r.due >= r.day and (dayofweek(r.due) in (0, 6) or h.day is not null)
  and r.due not in (select value_date from facts where type = 'date' and value_date is not null)
  -- nor a day the outline's own statements set: an expert's clause drafted years before ('deliver the statement by
  -- March 15, 2026', a Sunday, in an unseen earn-out outline) is the contract's, and the world was quarantined on it
  and not exists (select 1 from facts f where f.statement is not null
                  and contains(lower(regexp_replace(f.statement, '\s+', ' ', 'g')), lower(regexp_replace(r.phrase, '\s+', ' ', 'g'))))
