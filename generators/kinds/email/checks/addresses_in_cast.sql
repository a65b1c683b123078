-- id: addresses_in_cast
-- severity: error
-- description: every From, To and Cc address of every message belongs to a person of the cast
with used as (
    select artifact_id, path, 'From' as field, from_addr as address from emails
    union all
    select artifact_id, path, case kind when 'to' then 'To' else 'Cc' end, address from recipients
)
select u.artifact_id, u.path,
       u.field || ' address ' || u.address || ' is not the address of anyone in the cast' as detail
from used u
where not exists (select 1 from people p where lower(p.email) = lower(u.address))
