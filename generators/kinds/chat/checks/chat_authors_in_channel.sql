-- id: chat_authors_in_channel
-- severity: error
-- description: every chat message is posted by a user of the export's users.json who is a cast member (by address) and a member of its channel or direct message
-- A message's user is an id (U...); users.json gives the person behind it, channels.json and dms.json
-- the members of each conversation. Someone posting where they are not a member is a world that
-- could not have happened; a user who is nobody in the cast is an invented person.
with m as (
    select m.artifact_id, m.path, m.export, m.folder, m.ts, m.user_id, u.id as known, u.real_name, u.email,
           c.id as channel_id
    from chat_messages m
    left join chat_users u on u.export = m.export and u.id = m.user_id
    left join chat_channels c on c.export = m.export and c.folder = m.folder
)
select artifact_id, path,
       'message ' || ts || ' is posted by ' || case
           when known is null then 'the user ' || coalesce(user_id, '(none)') || ', who is not in users.json'
           when not exists (select 1 from people p where lower(p.email) = lower(coalesce(m.email, '')))
               then coalesce(real_name, user_id) || ' <' || coalesce(email, '') || '>, who is not in the cast'
           else coalesce(real_name, user_id) || ', who is not a member of ' || folder end as detail
from m
where channel_id is not null
  and (known is null
       or not exists (select 1 from people p where lower(p.email) = lower(coalesce(m.email, '')))
       or not exists (select 1 from chat_members cm
                      where cm.export = m.export and cm.channel_id = m.channel_id and cm.user_id = m.user_id))
