-- id: message_copies_agree
-- severity: error
-- description: every copy of a message says the same: each mailbox's copy has the bytes of the message's .eml
-- Compared by digest (parse.copy_digest): the bytes after the mbox `From ` line, with the mbox's
-- quoting of body lines that start with "From " undone and line endings as LF. A reader who opens
-- the .eml and one who opens a mailbox must read one message, so an edit to either copy alone shows.
select e.artifact_id, m.mailbox as path,
       'the copy of <' || m.message_id || '> in this mailbox differs from ' || e.path as detail
from mailbox_messages m
join emails e on e.message_id = m.message_id
where m.digest <> e.digest
