-- id: mail_in_our_file
-- severity: error
-- description: every message in the room was written by, sent to or copied to someone of the home side's circle
-- A room is one side's file (read 19: "an internal email from the landlord's surveyor to her own client has no
-- place in the tenant's counsel's file"; the contractor and the architect answering each other in the owner's
-- room). Who a message reached is read from its parsed From, To and Cc addresses; the circle is the plan's
-- (organisations.privileged). A world whose plan marks no organisation privileged has no side to hold it to.
with reached as (
    select e.artifact_id, lower(e.from_addr) as address from emails e
    union all
    select r.artifact_id, lower(r.address) from recipients r
),
ours as (
    select distinct re.artifact_id
    from reached re
    join people p on lower(p.email) = re.address
    join organisations o on o.id = p.organisation
    where o.privileged
)
select e.artifact_id, e.path,
       'no one of the home side wrote, received or was copied this message: it is not in its file' as detail
from emails e
where e.artifact_id is not null
  and e.artifact_id not in (select artifact_id from ours)
  and exists (select 1 from organisations where privileged)
