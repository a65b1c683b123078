-- id: realism_fiction_phones
-- severity: error
-- description: every phone number of the cast and in the text is in a range reserved for fiction (NANP 555-0100 to 555-0199, UK 020 7946 0000 to 0999)
-- A number that looks like a phone number (North American with +1 or (area) code, or British with +44 or a
-- leading 0) must fall in a reserved range, so no real line is rung. A person of a country with no range we know
-- has no line (generators/cast.py).
with numbers as (
    select null as artifact_id, null as path, 'phone of ' || name as what, phone as number from people where phone <> ''
    union all
    select artifact_id, path, 'phone number in the text', m
    from (select artifact_id, path, unnest(regexp_extract_all(text,
            '\+1[ .-]?\(?\d{3}\)?[ .-]?\d{3}[ .-]?\d{4}|\(\d{3}\)\s?\d{3}[ .-]\d{4}|\b\d{3}[.-]\d{3}[.-]\d{4}\b|\+44[ ]?\(?0?\)?[ ]?\d{2,4}[ ]?\d{3,4}[ ]?\d{3,4}|\b0\d{2,4} \d{3,4} \d{4}\b')) as m
          from realism_text)
),
numbers_seen as (
    -- each number judged once, not once per line that gives it: a million signed messages carry a few thousand
    -- numbers (an aggregate of the number, not the number grouped by: a filter on that is pushed under the grouping,
    -- and the patterns below ran on every match)
    select min(number) as number from numbers group by number
),
unreserved as (
    select number
    from (select number, regexp_replace(number, '[^0-9]', '', 'g') as d from numbers_seen)
    where not (
        regexp_matches(d, '^1?\d{3}55501\d\d$')          -- NANP: any area code, 555-0100 to 555-0199
        or regexp_matches(d, '^(44|0)?0?2079460\d{3}$')  -- UK: 020 7946 0000 to 0999 (Ofcom's drama range)
    )
)
select distinct artifact_id, path, what || ': ' || number || ' is not in a reserved range' as detail
from numbers
where number in (select number from unreserved)
