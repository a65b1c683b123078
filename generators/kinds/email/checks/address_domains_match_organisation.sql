-- id: address_domains_match_organisation
-- severity: error
-- description: every person's address, and every address a message uses for them, is at their organisation's domain
-- Who an address stands for: the cast entry for a cast address; the planned author for the From of a
-- planned message, whatever address it shows; a cast member's name shown beside an address outside
-- the cast, for a To or Cc.
with resolved as (
    select null as artifact_id, null as path, p.id as person_id, 'the cast address' as field, p.email as address
    from people p
    union all
    select e.artifact_id, e.path, a.author, 'From', e.from_addr
    from emails e
    join artifacts a on a.id = e.artifact_id
    union all
    select r.artifact_id, r.path, p.id, case r.kind when 'to' then 'To' else 'Cc' end, r.address
    from recipients r
    join people p on p.name = squash(r.name)
    anti join people q on lower(q.email) = lower(r.address)
)
select x.artifact_id, x.path,
       x.field || ' ' || x.address || ' stands for ' || x.person_id || ' of ' || o.name
       || ', whose domain is ' || o.domain as detail
from resolved x
join people p on p.id = x.person_id
join organisations o on o.id = p.organisation
where lower(split_part(x.address, '@', 2)) <> lower(o.domain)
