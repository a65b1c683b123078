-- id: identity_display_names
-- severity: error
-- description: every From, To and Cc display name is the cast name of the person whose address it is
-- An address outside the cast is addresses_in_cast's finding; an address with no display name is allowed.
with used as (
    select artifact_id, path, 'From' as field, from_name as name, from_addr as address from emails
    union all
    select artifact_id, path, case kind when 'to' then 'To' else 'Cc' end, name, address from recipients
)
select u.artifact_id, u.path,
       u.field || ' shows the name "' || u.name || '" for ' || u.address || ', whose name in the cast is ' || p.name as detail
from used u
join people p on lower(p.email) = lower(u.address)
where squash(u.name) <> '' and squash(u.name) <> p.name
