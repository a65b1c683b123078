-- id: no_paper_named_before_sent
-- severity: error
-- description: no message, chat post or meeting names another organisation's paper earlier on the day the paper first goes out
-- The rule: a document or sheet reaches anyone outside its maker's organisation with the first message that
-- attaches it. A message or post by someone outside that organisation, sent the same day but earlier, that names the
-- paper by its title cites a paper it cannot have: an update sent at 09:51 reported "the Counsel's note on the
-- penalty appeal (Joanna Hussain, 4 September)", which counsel emailed at 18:16 that day (blind read 24). Days
-- before are the other date checks' (no_answer_before_its_event, no_later_paper_named). A title shared by two papers
-- (a weekly series' notes) names neither; a title under 16 characters is a common phrase. A message's own text is
-- its new text (not what it quotes); a meeting's is its agenda, as of its start; times are compared in the world's
-- timezone.
with papers as (
    select a.id, lower(a.title) as title, p.organisation as org,
           min(e.sent_at) as sent, timezone(w.timezone, min(e.sent_at))::date as day
    from artifacts a
    join people p on p.id = a.author
    join planned_attachments pa on pa.attached_id = a.id
    join emails e on e.artifact_id = pa.artifact_id
    cross join world w
    where a.kind in ('document', 'spreadsheet') and a.distractor is null and length(a.title) >= 16
      and e.sent_at is not null
    group by a.id, a.title, p.organisation, w.timezone
    qualify count(*) over (partition by lower(a.title)) = 1
),
said as (
    select e.artifact_id, e.path, e.sent_at as t, timezone(w.timezone, e.sent_at)::date as day, p.organisation as org,
           e.body_new as text
    from emails e
    cross join world w
    join people p on lower(p.email) = lower(e.from_addr)
    where e.sent_at is not null and e.body_new is not null
    union all
    select m.artifact_id, m.path, m."at", timezone(w.timezone, m."at")::date, p.organisation, m.text_plain
    from chat_messages m
    cross join world w
    join chat_users u on u.id = m.user_id and u.export = m.export
    join people p on lower(p.email) = lower(u.email)
    where m."at" is not null and m.text_plain is not null
    union all
    select c.artifact_id, c.path, c.starts_at, timezone(w.timezone, c.starts_at)::date, p.organisation, c.description
    from calendar_events c
    cross join world w
    join people p on lower(p.email) = lower(c.organizer)
    where c.starts_at is not null and c.description is not null
)
select s.artifact_id, s.path,
       'names "' || x.title || '" (' || x.id || ') at ' || strftime(timezone(w.timezone, s.t), '%Y-%m-%d %H:%M')
       || ', before it first went out at ' || strftime(timezone(w.timezone, x.sent), '%H:%M') as detail
from said s
cross join world w
join papers x on x.day = s.day and s.t < x.sent and s.org is distinct from x.org
where contains(lower(s.text), x.title)
