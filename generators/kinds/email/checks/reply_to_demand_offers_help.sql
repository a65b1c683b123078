-- id: reply_to_demand_offers_help
-- severity: error
-- description: a reply to the other side's dispute, rejection or demand answers it (not accepted, a response by a day), never offers help or asks what more they require
-- "We dispute the termination ... We ask you to withdraw the termination ...; we reserve all our rights." was answered
-- "Thanks, Claire; understood. Do you want anything further from us? Just say." (blind read 27). A reply from the
-- other side of its parent's writer (organisations.side), to a parent whose own words dispute, reject, demand or
-- reserve rights, fails where its own words ask what else is needed of its writer or offer help.
with pair as not materialized (
    select e.artifact_id, e.path, e.body_new, p.body_new as parent_body
    from emails e
    join emails p on p.message_id = e.in_reply_to
    join people a on lower(a.email) = lower(e.from_addr)
    join organisations ao on ao.id = a.organisation
    join people b on lower(b.email) = lower(p.from_addr)
    join organisations bo on bo.id = b.organisation
    where e.artifact_id is not null and ao.side <> '' and bo.side <> '' and ao.side <> bo.side
      and not ao.neutral and not bo.neutral
)
select artifact_id, path,
       'answers the other side''s dispute or demand with an offer of help: "'
       || left(regexp_extract(body_new, '(?i)[^.\n]*(?:anything|what (?:else|further)|happy to help|shout if)[^.?\n]*[.?]?', 0), 160) || '"' as detail
from pair
where regexp_matches(parent_body, '(?i)\b(?:we|our client|they) (?:disputes?|rejects?|refuses?|do(?:es)? not accept|cannot accept|contests?)\b|\b(?:ask|call on|require|demand) (?:that )?you (?:to )?(?:withdraw|pay|retract|reverse)\b|\bwe reserve (?:all )?(?:of )?our (?:client''s )?rights\b')
  and regexp_matches(body_new, '(?i)\banything (?:else|further|more|still needed|still wanted|else needed|outstanding)\b[^.?\n]{0,40}\b(?:from|of) (?:me|us|our side|our client)\b|\bwhat (?:else|further) you (?:require|need|want)\b|\bhappy to help\b|\bshout if\b')
