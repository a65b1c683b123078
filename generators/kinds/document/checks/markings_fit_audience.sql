-- id: markings_fit_audience
-- severity: error
-- description: a paper the other side reads carries no marking of the writer's circle ("Strictly Confidential", "Internal"), and a notice or a party's own letter is headed by no case caption
-- Blind read 28: a contractor's notice of delay to the owner 'carries a litigation caption "Brindlecote Builders v.
-- Maplewick Residences", and is marked "Strictly Confidential" although it goes to the owner'. Privilege has its own
-- check (privilege_within_circle). The other side is a reader's organisation on the other side of the privileged
-- circle from the author's, as the composer reads it (parties.across); a marking is the subtitle's segment or, on a
-- letter, a line of its own above the subject. A caption ('Re: A v. B') heads only counsel's letters, never a
-- notice's nor a party's own.
with papers as (
    select a.id, d.path, a.title, o.privileged, o.role, coalesce(d.subtitle, '') as subtitle, coalesce(d.text, '') as text
    from artifacts a
    join documents d on d.artifact_id = a.id
    join people p on p.id = a.author
    join organisations o on o.id = p.organisation
    where a.kind = 'document'
),
read_across as (
    select distinct s.id
    from papers s
    join planned_recipients pr on pr.artifact_id = s.id
    join people p on p.id = pr.person_id
    join organisations o on o.id = p.organisation
    where o.privileged <> s.privileged
)
select s.id as artifact_id, s.path,
       'read by the other side, but marked as a paper of the writer''s circle' as detail
from papers s
join read_across x on x.id = s.id
where regexp_matches(s.subtitle, '(?i)(^|[|·—]\s*)(strictly confidential|for internal use only|internal)(\s*[|·—]|$)')
   or regexp_matches(s.text, '(?im)^(strictly confidential|for internal use only|internal)$')
union all
select s.id, s.path,
       'a case caption heads ' || case when regexp_matches(s.title, '(?i)^([\w-]+\s+){0,3}notice\b') then 'a notice'
                                        else 'a letter its party writes itself' end as detail
from papers s
where regexp_matches(s.text, '(?m)^Re: [^\n]*\S v\.? [A-Z]')
  and (regexp_matches(s.title, '(?i)^([\w-]+\s+){0,3}notice\b')
       or not regexp_matches(split_part(s.role, ';', 1), '(?i)\b(counsel|solicitors?|lawyers?|attorneys?|law firm|barristers?)\b'))
