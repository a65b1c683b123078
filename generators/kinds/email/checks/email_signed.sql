-- id: email_signed
-- severity: warn
-- description: every email's closing names its sender (full name or first name on a line of its own)
-- The closing is the last 640 characters of the sender's own text. It names the sender when a line
-- of it is the sender's full or first name, or starts with the full name and a comma or a space
-- ("Dana Okafor, GC"), or is either name after a dash ("-- Dana"). A matter of style, hence a
-- warning; signing as someone else is sender_signs_as_self's error.
with closing as (
    select e.artifact_id, e.path, p.name, n.first_name,
           chr(10) || replace(replace(right(e.body_new, 640), chr(13), ''), chr(9), ' ') || chr(10) as tail
    from emails e
    join people p on lower(p.email) = lower(e.from_addr)
    join person_names n on n.person_id = p.id
)
select artifact_id, path, 'no line of its closing names the sender ' || name as detail
from closing
where not (contains(tail, chr(10) || first_name || chr(10))
           or contains(tail, chr(10) || name || chr(10))
           or contains(tail, chr(10) || name || ',')
           or contains(tail, chr(10) || name || ' ')
           or regexp_matches(tail, '\n[-–—~ ]+[^\n]*\n') and (contains(tail, ' ' || first_name || chr(10)) or contains(tail, ' ' || name || chr(10))))
