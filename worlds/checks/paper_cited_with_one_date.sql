-- id: paper_cited_with_one_date
-- severity: error
-- description: an instrument (an agreement, a contract, a lease, a deed) is cited by one date everywhere in the world
-- "The investment management agreement of 5 March 2026" in one mail and "of 1 June 2021" in the one it quotes
-- (blind read 28) is one paper given two dates: a reader cannot tell which is right, and the 2026 one was the day
-- the copy in the room was produced. A citation is an instrument's name (up to six words before its head noun)
-- followed by "of" or "dated" and a full day with its year; names are compared in lower case without a leading
-- article. (Not a policy or a licence: a renewal may share its name with the last year's.) Every file that
-- cites a name by a day that is not the earliest day the world gives that name is flagged.
with cited as (
    select t.artifact_id, t.path,
           unnest(regexp_extract_all(regexp_replace(t.text, '\s+', ' ', 'g'),
               '(?i)\b((?:[A-Za-z][\w''-]* ){0,5}(?:agreement|contract|lease|deed|indenture|charter ?party|'
               || 'guarantee|debenture)),? (?:(?:as )?dated|of) '
               || '((?:January|February|March|April|May|June|July|August|September|October|November|December) '
               || '\d{1,2},? \d{4}|\d{1,2} (?:January|February|March|April|May|June|July|August|September|October|'
               || 'November|December) \d{4})', 0)) as phrase
    from artifact_text t
    where t.text is not null
      and regexp_matches(t.text, '(?i)(?:agreement|contract|lease|deed|indenture|party|guarantee|debenture),?\s+'
                                 || '(?:(?:as\s+)?dated|of)\s+(?:\d|[JFMASOND])')
),
parts as (
    select artifact_id, path, phrase,
           lower(regexp_replace(regexp_extract(phrase, '(?i)^(.*?(?:agreement|contract|lease|deed|indenture|charter ?party|'
                                || 'guarantee|debenture)),? (?:(?:as )?dated|of) ', 1),
                                '(?i)^(?:.*\b(?:the|an?|our|their|its|your|this|that|under|in|per|to|by)\s+)', '')) as name,
           try_strptime(replace(regexp_extract(phrase, '(?i)(?:dated|of) (\S+ \S+,? \d{4})$', 1), ',', ''),
                        ['%B %d %Y', '%d %B %Y'])::date as day
    from cited
),
named as (
    select * from parts
    -- a name of two words or more ("the agreement of 5 March" alone may be any agreement of the matter)
    where day is not null and regexp_matches(name, '\w+ \w+')
),
days as (
    select name, min(day) as first, count(distinct day) as n from named group by name
)
select distinct p.artifact_id, p.path,
       'cites the ' || p.name || ' of ' || strftime(p.day, '%-d %B %Y') || ', which the world also cites of '
       || strftime(d.first, '%-d %B %Y') as detail
from named p join days d on d.name = p.name
where d.n > 1 and p.day <> d.first
