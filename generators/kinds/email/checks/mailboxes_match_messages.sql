-- id: mailboxes_match_messages
-- severity: error
-- description: each person's mailbox holds exactly the messages they sent or received, and everyone with mail has one
-- Who sent and received a message is read from its .eml headers (From, To, Cc), by address.
-- Duplicates are kept in the millions of rows in between (anti joins do not mind them) and removed
-- from the few offending rows at the end.
with parties as (
    select e.message_id, lower(e.from_addr) as address from emails e where e.message_id is not null
    union all
    select e.message_id, lower(r.address) from recipients r join emails e on e.path = r.path where e.message_id is not null
),
boxes as (
    select m.path, lower(m.owner) as owner from mailboxes m
),
held as (
    select b.path, b.owner, mm.message_id from boxes b join mailbox_messages mm on mm.mailbox = b.path
),
found as (
    select b.path, p.message_id, 'the mailbox of ' || b.owner || ' lacks <' || p.message_id || '>, which they sent or received' as detail
    from parties p
    join boxes b on b.owner = p.address
    anti join held h on h.owner = p.address and h.message_id = p.message_id
    union all
    select h.path, h.message_id,
           'the mailbox of ' || h.owner || ' holds <' || coalesce(h.message_id, '(no Message-ID)') || '>, which they neither sent nor received'
    from held h
    anti join parties p on p.address = h.owner and p.message_id = h.message_id
    union all
    select null, null, p.id || ' <' || p.email || '> sent or received mail but has no mailbox'
    from people p
    semi join parties x on x.address = lower(p.email)
    anti join boxes b on b.owner = lower(p.email)
),
offending as (
    select distinct path, message_id, detail from found
)
-- the message's artifact, looked up for the few offending rows only
select (select min(e.artifact_id) from emails e where e.message_id = o.message_id) as artifact_id, o.path, o.detail
from offending o
