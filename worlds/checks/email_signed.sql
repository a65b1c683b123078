-- id: email_signed
-- severity: warn
-- description: every email's closing names its sender (full name or first name on a line of its own)
-- The closing is the last 8 non-empty lines of the sender's own text. A line counts when, after a
-- leading dash, it is the sender's full or first name, or starts with the full name ("Dana Okafor, GC").
-- A matter of style, hence a warning; signing as someone else is sender_signs_as_self's error.
with closing as (
    select e.artifact_id, e.path, p.name, n.first_name,
           list_transform(list_filter(list_transform(string_split(e.body_new, chr(10)), lambda l: squash(l)), lambda l: l <> '')[-8:],
                          lambda l: regexp_replace(l, '^[-–—~ ]+', '')) as lines
    from emails e
    join people p on lower(p.email) = lower(e.from_addr)
    join person_names n on n.person_id = p.id
)
select artifact_id, path, 'no line of its closing names the sender ' || name as detail
from closing
where len(list_filter(lines, lambda l: l = name or l = first_name or starts_with(l, name || ' ') or starts_with(l, name || ','))) = 0
