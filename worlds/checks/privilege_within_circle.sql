-- id: privilege_within_circle
-- severity: error
-- description: no message or document marked privileged reaches, or is written by, someone outside the privileged circle (counsel and client)
-- Opposing counsel does not write "it is privileged" to the other side; a privileged memo is not sent
-- to the counterparty. The circle is the plan's (organisations.privileged); who a message reached is
-- read from its parsed From, To and Cc addresses, and a document's audience is its author and readers.
with marked as (
    select artifact_id, path, kind from artifact_text
    where artifact_id is not null
      -- the pattern only over a text holding 'privileged' or 'attorney' in any case (no letter of either has a case
      -- fold outside ASCII), not over every text of the room
      and (text ilike '%privileged%' or text ilike '%attorney%')
      -- A marking, not a statement that privilege is kept: a self-report to a regulator writes "the underlying legal
      -- advice remains privileged" (an unseen outline's world was quarantined on it), and a security remediation names
      -- a "privileged-access broker"; neither marks the message as privileged. "Privileged & Confidential", "Legally
      -- privileged - prepared for the purpose of legal advice" and "it is privileged" still do.
      and regexp_matches(regexp_replace(coalesce(text, ''),
              '(?i)\b(?:remains?|remained|stays?|stayed|continues? to be|continued to be|kept|withheld as|treated as|'
              || 'claimed as|not|no longer|(?:which|that) (?:is|are|was|were))\s+(?:legally\s+)?privileged\b|'
              || '\bprivileged[- ](?:access|accounts?|users?|credentials?|identit\w+|roles?|sessions?|mode|'
              || 'operations?|escalation|containers?|ports?)\b', ' ', 'g'),
          '(?i)\bprivileged\b|attorney work product|attorney-client')
),
audience as (
    select e.artifact_id, lower(e.from_addr) as address from emails e
    union all
    select r.artifact_id, lower(r.address) from recipients r
    union all
    select a.id, lower(p.email) from artifacts a join people p on p.id = a.author where a.kind <> 'email'
    union all
    select pr.artifact_id, lower(p.email) from planned_recipients pr join artifacts a on a.id = pr.artifact_id
    join people p on p.id = pr.person_id where a.kind <> 'email'
)
select distinct m.artifact_id, m.path,
       'marked privileged, but ' || p.name || ' of ' || o.name || ' is outside the privileged circle' as detail
from marked m
join audience au on au.artifact_id = m.artifact_id
join people p on lower(p.email) = au.address
join organisations o on o.id = p.organisation
where not o.privileged
