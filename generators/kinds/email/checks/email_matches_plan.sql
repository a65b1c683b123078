-- id: email_matches_plan
-- severity: error
-- description: every planned .eml parses back to its plan: Message-ID, From address, Date, In-Reply-To and subject
-- Subjects are compared without their Re:/Fwd:/FW: prefixes, as the thread's title. The message's
-- recipients are recipients_match_plan's check. Only files at their planned path are compared: a copy
-- elsewhere is no_unplanned_files' finding.
with planned as (
    select e.artifact_id, e.path, e.message_id, e.from_addr, e.sent_at, e.in_reply_to, e.subject,
           a.message_id as plan_id, p.email as plan_from, a."at" as plan_at, a.title, a.mode,
           parent.message_id as plan_parent
    from emails e
    join artifacts a on a.id = e.artifact_id and a.path = e.path
    join people p on p.id = a.author
    left join artifacts parent on parent.id = a.parent
),
stripped as (
    select *,
           squash(regexp_replace(coalesce(subject, ''), '^(\s*(re|fwd?|fw|aw|wg|tr)\s*:\s*)+', '', 'i')) as bare_subject,
           squash(regexp_replace(title, '^(\s*(re|fwd?|fw|aw|wg|tr)\s*:\s*)+', '', 'i')) as bare_title
    from planned
)
select artifact_id, path, 'Message-ID <' || coalesce(message_id, '') || '>, the plan says <' || plan_id || '>' as detail
from stripped where message_id is distinct from plan_id
union all
select artifact_id, path, 'From ' || coalesce(from_addr, '(none)') || ', the plan''s author writes from ' || plan_from
from stripped where lower(from_addr) is distinct from lower(plan_from)
union all
select artifact_id, path, 'Date ' || coalesce(sent_at::varchar, '(unreadable)') || ', the plan says ' || plan_at::varchar
from stripped where sent_at is distinct from plan_at
union all
select artifact_id, path, 'In-Reply-To <' || coalesce(in_reply_to, '') || '>, the plan answers <' || coalesce(plan_parent, '') || '>'
from stripped where in_reply_to is distinct from plan_parent
union all
select artifact_id, path, 'subject "' || coalesce(subject, '') || '", the plan''s title is "' || title || '"'
from stripped where bare_subject <> bare_title
