-- id: our_client_said_by_counsel
-- severity: warn
-- description: "our client" is written only by an adviser (counsel, an adviser, a consultant) to someone other than the client, never by a party's own people nor to the client itself
-- Blind read 31: a black-owned investor's CEO wrote "our client" from its own domain, and the client bank's adviser
-- wrote "for our client" to the bank. A party speaks of itself as "we"; its counsel calls it "our client" to others.
-- The client is the organisation whose role opens with "client"; an adviser is one whose role's head names an
-- adviser's trade (a party's role that mentions its counsel is still a party's: 'client; buyer ..., advised by ...').
-- A message is read in its own words (body_new, not the thread quoted below it); a document in its text, to its
-- planned readers; 'your client' is no 'our client'.
with said as (
    select e.artifact_id, e.path, lower(e.from_addr) as author_addr, e.body_new as text from emails e
    where e.body_new ilike '%our client%' and regexp_matches(e.body_new, '(?i)\bour client')
    union all
    select t.artifact_id, t.path, lower(p.email), t.text from artifact_text t
    join artifacts a on a.id = t.artifact_id join people p on p.id = a.author
    where a.kind = 'document' and t.text ilike '%our client%' and regexp_matches(t.text, '(?i)\bour client')
),
writer as (
    select s.artifact_id, s.path, p.name as who, o.name as org, o.role as role, o.privileged as home from said s
    join people p on lower(p.email) = s.author_addr join organisations o on o.id = p.organisation
),
heard as (
    select r.artifact_id, o.role as role from recipients r join people p on lower(p.email) = lower(r.address)
    join organisations o on o.id = p.organisation where r.kind = 'to'
    union all
    select pr.artifact_id, o.role from planned_recipients pr join artifacts a on a.id = pr.artifact_id
    join people p on p.id = pr.person_id join organisations o on o.id = p.organisation where a.kind = 'document'
)
select w.artifact_id, w.path, '"our client" written by ' || w.who || ' of ' || w.org || ', which advises no one' as detail
from writer w
where regexp_matches(lower(w.role), '^\s*(client|the client)\b')
   or not regexp_matches(lower(split_part(split_part(w.role, ';', 1), ',', 1)),
                         '\b(counsel|solicitors?|attorneys?|lawyers?|law firm|advis[eo]rs?|advocates?|barristers?|consultants?|accountants?|auditors?|bankers?|brokers?|agents?|surveyors?|adjusters?|experts?|valuers?|notar(y|ies))\b')
union all
select w.artifact_id, w.path, '"our client" written by ' || w.who || ' to the client itself' as detail
from writer w
where w.home  -- the outline's client is the home side's: an adviser across has a client of its own
  and exists (select 1 from heard h where h.artifact_id = w.artifact_id)
  and not exists (select 1 from heard h where h.artifact_id = w.artifact_id
                  and not regexp_matches(lower(h.role), '^\s*(client|the client)\b'))
