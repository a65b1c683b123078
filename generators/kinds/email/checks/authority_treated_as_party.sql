-- id: authority_treated_as_party
-- severity: error
-- description: a party never sets a public body or a neutral (a tax or labour administration, a regulator, a tribunal, a mediator) a deadline for its answer, nor reserves its rights to it; such a body reserves no rights of its own
-- Read 30: counsel told the labour administration 'Kindly let us have your response by Monday morning' and the tax
-- auditor to respond by Monday; the taxpayer ombudsman 'notes your decision' and reserved 'our rights'. An authority
-- is filed with, asked politely and answered; it sets the deadlines (organisations.authority: sides.authority).
with sent as not materialized (
    select e.artifact_id, e.path, e.body_new, o.authority as from_authority, o.id as org
    from emails e
    join people p on lower(p.email) = lower(e.from_addr)
    join organisations o on o.id = p.organisation
    where e.artifact_id is not null
),
to_authority as not materialized (
    -- every addressee is of a public body or a neutral, none of the writer's own organisation
    select s.* from sent s
    where not s.from_authority
      and exists (select 1 from recipients r where r.artifact_id = s.artifact_id and r.kind = 'to')
      and not exists (select 1 from recipients r
                      left join people p on lower(p.email) = lower(r.address)
                      left join organisations o on o.id = p.organisation
                      where r.artifact_id = s.artifact_id and r.kind = 'to'
                        and (o.id is null or not o.authority or o.id = s.org))
)
select artifact_id, path,
       'sets a public body or a neutral a deadline or reserves rights to it: "'
       || left(regexp_extract(body_new, '[^.\n]*(?:\b(?:[Yy]our (?:client''s )?(?:written )?(?:response|reply|position|comments|confirmation|answer)s? by|(?:[Pp]lease|[Kk]indly|ask you to|you (?:should|must)) (?:respond|reply|revert|come back to us)[^.?!\n]{0,30}\bby)\b|\brights are reserved|\breserves? (?:all )?(?:of )?(?:our|its|their) (?:client''s )?(?:rights|position)|\ball rights reserved)[^.\n]*', 0), 160) || '"' as detail
from to_authority
where regexp_matches(body_new, '\b(?:[Yy]our (?:client''s )?(?:written )?(?:response|reply|position|comments|confirmation|answer)s? by|(?:[Pp]lease|[Kk]indly|ask you to|you (?:should|must)) (?:respond|reply|revert|come back to us)[^.?!\n]{0,30}\bby)\b|\brights are reserved|\breserves? (?:all )?(?:of )?(?:our|its|their) (?:client''s )?(?:rights|position)|\ball rights reserved')
union all
select artifact_id, path,
       'a public body or a neutral reserves its rights: "'
       || left(regexp_extract(body_new, '[^.\n]*(?:\brights are reserved|\breserves? (?:all )?(?:of )?(?:our|its|their) (?:rights|position)|\ball rights reserved)[^.\n]*', 0), 160) || '"'
from sent
where from_authority
  and regexp_matches(body_new, '\brights are reserved|\breserves? (?:all )?(?:of )?(?:our|its|their) (?:rights|position)|\ball rights reserved')
