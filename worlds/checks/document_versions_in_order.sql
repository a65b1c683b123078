-- id: document_versions_in_order
-- severity: error
-- description: documents and sheets whose titles differ only by a version marker are dated in version order
-- Versions of one thing share a title once markers are taken out: a number (v2, version 3, rev 4,
-- draft 2) and the words draft, interim, superseded, preliminary, provisional, revised, final, clean,
-- executed. Rank: a number ranks by itself; an unnumbered draft, interim, superseded, preliminary or
-- provisional title ranks 0; any other ranks last. A lower rank dated after a higher one is out of order.
-- Titles are read from the files (the .docx title, the workbook title), else from the plan.
with titled as (
    select a.id, a.path, timezone(w.timezone, a."at")::date as day,
           lower(coalesce(d.title, wb.title, a.title)) as title
    from artifacts a
    cross join world w
    left join documents d on d.path = a.path
    left join workbooks wb on wb.path = a.path
    where a.kind <> 'email'
),
ranked as (
    select id, path, day, title,
           trim(regexp_replace(
               regexp_replace(title, '\b(v|version|rev|revision|draft)\s*\.?\s*[0-9]+\b|\b(draft|interim|superseded|preliminary|provisional|revised|final|clean|executed)\b', ' ', 'g'),
               '[^a-z0-9]+', ' ', 'g')) as base,
           case
               when regexp_matches(title, '\b(v|version|rev|revision|draft)\s*\.?\s*[0-9]+\b')
                   then regexp_extract(title, '\b(v|version|rev|revision|draft)\s*\.?\s*([0-9]+)\b', 2)::integer
               when regexp_matches(title, '\b(draft|interim|superseded|preliminary|provisional)\b') then 0
               else 1000000
           end as rank
    from titled
)
select lo.id as artifact_id, lo.path,
       'an earlier version (' || lo.title || ', dated ' || lo.day::varchar || ') is dated after a later one ('
       || hi.id || ', ' || hi.title || ', dated ' || hi.day::varchar || ')' as detail
from ranked lo
join ranked hi on hi.base = lo.base and hi.id <> lo.id and lo.rank < hi.rank
where lo.base <> '' and lo.day > hi.day
