-- id: draft_sent_for_review_named
-- severity: error
-- description: a message that opens a thread titled as a draft sent for review attaches the draft or says what of it the reader is to review
-- Counsel's associate opened "Draft section 30(6) application for review" with two figures and "I would welcome early
-- confirmation": "no draft is attached or discussed" (blind read 28). An attachment is the body's "Attached:" line.
select e.artifact_id, e.path,
       'titled "' || left(e.subject, 100) || '" but neither attaches nor names the draft' as detail
from emails e
where e.artifact_id is not null and e.in_reply_to is null
  and regexp_matches(e.subject, '(?i)^draft\b.{3,120}\bfor (?:review|comments?|approval|sign-off)\b')
  and not regexp_matches(e.body_new, '(?i)\bdrafts?\b|\battached\b|\battach(?:ing|es)?\b|\benclosed\b')
