-- id: chat_export_lists
-- severity: error
-- description: every conversation folder of a chat export is listed in its channels.json or dms.json, and every member and user of the export is a cast member in users.json
-- Export readers find conversations through the lists, not the folders: a folder the lists leave
-- out is invisible to them, and a member missing from users.json shows as a bare id.
select min(m.artifact_id) as artifact_id, min(m.path) as path,
       'the conversation folder ' || m.export || '/' || m.folder || ' is in neither channels.json nor dms.json' as detail
from chat_messages m
anti join chat_channels c on c.export = m.export and c.folder = m.folder
group by m.export, m.folder
union all
select null, c.path, coalesce(c.name, c.id) || ' lists the member ' || cm.user_id || ', who is not in users.json'
from chat_members cm
join chat_channels c on c.export = cm.export and c.id = cm.channel_id
anti join chat_users u on u.export = cm.export and u.id = cm.user_id
union all
select null, u.path, 'the user ' || u.id || ' (' || coalesce(u.real_name, '?') || ' <' || coalesce(u.email, '') || '>) is not in the cast'
from chat_users u
where not exists (select 1 from people p where lower(p.email) = lower(coalesce(u.email, '')))
