-- id: sender_signs_as_self
-- severity: error
-- description: no email's closing signs with another cast member's name, title or organisation instead of the sender's
-- The closing is the lines of the last 640 characters of the sender's own text (quoted history
-- left out): the sign-off, the name under it and the signature block (name; title and
-- organisation, apart or as "Title | Organisation" or "Title, Organisation"; phone). A cut inside
-- a body line leaves a fragment of it first, which is left out: the fragment of "As for the responsible
-- party: Kestrel Bay Tankers Ltd." was that party's name alone (three false errors at bench/long_matter.py
-- --scale 80). A line there that is exactly (once
-- trimmed) another person's full name, first name, title, organisation or title-and-organisation,
-- and not also the sender's own, is a signature in someone else's name. The sender is the person
-- of the From address.
with identity as (
    select p.id as person_id, p.name as line, 'name' as what from people p
    union
    select person_id, first_name, 'first name' from person_names
    union
    select id, title, 'title' from people
    union
    select p.id, o.name, 'organisation' from people p join organisations o on o.id = p.organisation
    union
    select p.id, p.title || ' | ' || o.name, 'title and organisation' from people p join organisations o on o.id = p.organisation
    union
    select p.id, p.title || ', ' || o.name, 'title and organisation' from people p join organisations o on o.id = p.organisation
),
closing as (
    select artifact_id, path, sender, trim(raw) as line
    from (select e.artifact_id, e.path, p.id as sender,
                 unnest(list_slice(string_split(right(e.body_new, 640), chr(10)),
                                   -- the cut is inside a line unless the text is shorter or a line ends just before it
                                   case when length(e.body_new) > 640
                                             and substr(e.body_new, length(e.body_new) - 640, 1) <> chr(10)
                                        then 2 else 1 end, -1)) as raw
          from emails e
          join people p on lower(p.email) = lower(e.from_addr))
    -- no identity line is longer than this: the rest cannot match and need not be joined
    where length(raw) <= (select max(length(line)) from identity) + 8
),
foreign_lines as (
    select c.artifact_id, c.path, c.sender, c.line, i.person_id, i.what
    from closing c
    join identity i on i.line = c.line and i.person_id <> c.sender
    anti join identity own on own.line = c.line and own.person_id = c.sender
)
select artifact_id, path,
       'signed "' || line || '", the ' || string_agg(distinct what, ' and ') || ' of ' || string_agg(distinct person_id, ', ' order by person_id)
       || ', but the sender is ' || sender as detail
from foreign_lines
group by artifact_id, path, sender, line
