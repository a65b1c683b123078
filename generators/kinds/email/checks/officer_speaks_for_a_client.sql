-- id: officer_speaks_for_a_client
-- severity: error
-- description: an office-holder who acts for no client (a resolution professional, an administrator, a receiver, a liquidator, a trustee in bankruptcy, a monitor) never writes of "our client" in its own lines
-- The resolution professional, whose firm's role was 'insolvency professional entity of the resolution professional
-- conducting the CIRP of <the company>', wrote the creditors' vote as "Our client has decided on approve the Ardhvik
-- plan" (blind read 28): the firm was read as acting for the company it runs. An office is the head of its role, named
-- before any word of one who serves it ('counsel to the resolution professional' is counsel: sides.office_holder).
select e.artifact_id, e.path,
       'an office-holder (' || left(o.role, 80) || ') writes of its client: "'
       || left(regexp_extract(e.body_new, '[^.\n]*\b[Oo]ur client\b[^.\n]*', 0), 160) || '"' as detail
from emails e
join people p on lower(p.email) = lower(e.from_addr)
join organisations o on o.id = p.organisation
where e.artifact_id is not null
  and regexp_matches(o.role, '(?i)^\s*(?:the |an? )?(?:joint |special |official |provisional |court-appointed |interim |licensed |bankruptcy )?(?:resolution professional|insolvency (?:professional|practitioner|administrator|office-?holder|trustee)|administrators?\b(?: of| appointed)|receivers?(?: and managers?)?\b|liquidators?|trustees? in bankruptcy|monitor\b)')
  and regexp_matches(e.body_new, '\b[Oo]ur client\b')
