-- id: period_paper_after_period
-- severity: error
-- description: a document or sheet whose title names a period it reports on (a quarter, a half-year, a month) is dated after that period ends
-- A "Q1 2026" report, the "first quarter of 2026", "H1 2026", a "monthly report - March 2026" or a paper "for the
-- quarter ended June 30, 2026" reports on a period that has to be over first: one dated inside it reads as a date
-- nobody checked (blind read 28: "Quarterly risk report Q1 2026" dated 10 March). A paper that says it reports
-- only part of the period ("interim", "to date", "YTD", "flash", "as at ...", "(to 10 March)") may be dated inside
-- it, and so may one that looks ahead to it (a forecast, budget, plan, schedule, agenda or calendar).
with titled as (
    select a.id as artifact_id, a.path, a.title, d.day,
           regexp_replace(a.title, '\s+', ' ', 'g') as t
    from artifacts a
    join artifact_days d on d.artifact_id = a.id
    where a.kind <> 'email' and a.title is not null and d.day is not null
      and not regexp_matches(a.title, '(?i)\b(?:interim|to date|ytd|flash|as at|as of|forecasts?|budgets?|plans?|'
                                      || 'schedules?|agendas?|calendars?|timetables?|projections?|outlook|'
                                      || 'targets?|estimates?)\b|\(to \d')
),
periods as (
    -- Q1 2026 / Q1-2026 / 2026 Q1
    select *, make_date(y, 3 * q, 1) + interval 1 month - interval 1 day as ends
    from (select *, cast(coalesce(nullif(regexp_extract(t, '\bQ([1-4])[ -]?((?:19|20)\d\d)\b', 1), ''),
                                  regexp_extract(t, '\b(?:19|20)\d\d[ -]?Q([1-4])\b', 1)) as integer) as q,
                    cast(coalesce(nullif(regexp_extract(t, '\bQ[1-4][ -]?((?:19|20)\d\d)\b', 1), ''),
                                  regexp_extract(t, '\b((?:19|20)\d\d)[ -]?Q[1-4]\b', 1)) as integer) as y
          from titled
          where regexp_matches(t, '\bQ[1-4][ -]?(?:19|20)\d\d\b|\b(?:19|20)\d\d[ -]?Q[1-4]\b'))
    union all
    -- the first (second, third, fourth) quarter of 2026
    select *, make_date(y, 3 * q, 1) + interval 1 month - interval 1 day
    from (select *, cast(list_position(['first', 'second', 'third', 'fourth'],
                          lower(regexp_extract(t, '(?i)\b(first|second|third|fourth) quarter (?:of )?(?:19|20)\d\d', 1)))
                          as integer) as q,
                    cast(regexp_extract(t, '(?i)\b(?:first|second|third|fourth) quarter (?:of )?((?:19|20)\d\d)', 1) as integer) as y
          from titled
          where regexp_matches(t, '(?i)\b(?:first|second|third|fourth) quarter (?:of )?(?:19|20)\d\d'))
    union all
    -- H1 2026, the first half of 2026
    select *, make_date(y, 6 * q, 1) + interval 1 month - interval 1 day
    from (select *, cast(coalesce(nullif(regexp_extract(t, '\bH([12])[ -]?(?:19|20)\d\d\b', 1), ''),
                                  case when regexp_matches(t, '(?i)\bfirst half') then '1' else '2' end) as integer) as q,
                    cast(regexp_extract(t, '(?i)(?:\bH[12][ -]?|\b(?:first|second) half (?:of )?(?:the year )?)((?:19|20)\d\d)', 1) as integer) as y
          from titled
          where regexp_matches(t, '(?i)\bH[12][ -]?(?:19|20)\d\d\b|\b(?:first|second) half (?:of )?(?:the year )?(?:19|20)\d\d'))
    union all
    -- a monthly paper for a month: 'Monthly report - March 2026', 'Month-end pack March 2026'
    select *, make_date(y, q, 1) + interval 1 month - interval 1 day
    from (select *, cast(strftime(try_strptime('1 ' || regexp_extract(t, '\b((?:January|February|March|April|May|June|July|'
                                  || 'August|September|October|November|December) (?:19|20)\d\d)\b', 1), '%d %B %Y'), '%m') as integer) as q,
                    cast(regexp_extract(t, '\b(?:January|February|March|April|May|June|July|August|September|October|'
                                        || 'November|December) ((?:19|20)\d\d)\b', 1) as integer) as y
          from titled
          where regexp_matches(t, '(?i)\bmonth(?:ly|-end| end)\b')
            and regexp_matches(t, '\b(?:January|February|March|April|May|June|July|August|September|October|November|'
                                  || 'December) (?:19|20)\d\d\b'))
    union all
    -- for the quarter (half-year, year, month, period) ended June 30, 2026
    select *, 0, 0,
           coalesce(try_strptime(regexp_extract(t, '(?i)\b(?:quarter|half-year|half year|year|month|period)s? (?:ended|ending) '
                                   || '((?:January|February|March|April|May|June|July|August|September|October|November|'
                                   || 'December) \d{1,2},? (?:19|20)\d\d)', 1), ['%B %d, %Y', '%B %d %Y']),
                    try_strptime(regexp_extract(t, '(?i)\b(?:quarter|half-year|half year|year|month|period)s? (?:ended|ending) '
                                   || '(\d{1,2} (?:January|February|March|April|May|June|July|August|September|October|'
                                   || 'November|December) (?:19|20)\d\d)', 1), '%d %B %Y'))
    from titled
    where regexp_matches(t, '(?i)\b(?:quarter|half-year|half year|year|month|period)s? (?:ended|ending) (?:\d|[A-Z])')
)
select distinct artifact_id, path,
       'is titled "' || title || '", for a period that ends ' || strftime(ends::date, '%-d %B %Y')
       || ', but is dated ' || strftime(day, '%-d %B %Y') as detail
from periods
where ends is not null and day <= ends::date
