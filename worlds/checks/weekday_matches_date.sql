-- id: weekday_matches_date
-- severity: error
-- description: a day written with its weekday ("Thursday 18 March", "Friday, April 3, 2026") names the weekday that date falls on
-- Read in every artifact's text, a chat's and a meeting's included. A day written without its year is taken in the
-- file's year, or the next where that puts it more than half a year before the file ("Monday 4 January" in a December
-- letter). A weekday that is not the date's reads as a date nobody looked up (blind read 27: "Thursday 18 March",
-- a Wednesday).
with written as (
    select t.artifact_id, t.path, d.day,
           unnest(regexp_extract_all(t.text,
               '\b(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday),?\s+(?:the\s+)?(?:\d{1,2}(?:st|nd|rd|th)?\s+'
               || '(?:of\s+)?(?:January|February|March|April|May|June|July|August|September|October|November|December)'
               || '|(?:January|February|March|April|May|June|July|August|September|October|November|December)\s+'
               || '\d{1,2}(?:st|nd|rd|th)?\b)(?:,?\s+\d{4}\b)?')) as phrase
    from artifact_text t
    join artifact_days d on d.artifact_id = t.artifact_id
    where t.text is not null and regexp_matches(t.text, '(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day,?\s+(?:the\s+)?\d|(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day,?\s+[JFMASOND][a-z]+\s+\d')
),
parts as (
    select artifact_id, path, day, phrase,
           regexp_extract(phrase, '^(\w+)', 1) as weekday,
           regexp_replace(regexp_replace(regexp_replace(phrase, '^\w+,?\s+(?:the\s+)?', ''), '(\d)(?:st|nd|rd|th)\b', '\1'),
                          '\s+of\s+|,?\s+', ' ', 'g') as rest
    from written
),
dated as (
    select *,
           case when regexp_matches(rest, '\d{4}$') then try_strptime(rest, ['%d %B %Y', '%B %d %Y'])
                else try_strptime(rest || ' ' || year(day)::varchar, ['%d %B %Y', '%B %d %Y']) end::date as named,
           regexp_matches(rest, '\d{4}$') as has_year
    from parts
),
resolved as (
    select *, case when not has_year and named < day - interval 183 days then (named + interval 1 year)::date
                   else named end as date_
    from dated
)
select distinct artifact_id, path,
       'writes "' || phrase || '", but ' || strftime(date_, '%-d %B %Y') || ' is a ' || dayname(date_) as detail
from resolved
where date_ is not null and dayname(date_) <> weekday
