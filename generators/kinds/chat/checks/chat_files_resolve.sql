-- id: chat_files_resolve
-- severity: error
-- description: every file a chat message shares is a file of the room
-- A shared file's link names its path in the room; an agent that follows it must find the file.
select artifact_id, path, 'message ' || ts || ' shares ' || shared || ', which is not in the room' as detail
from (select artifact_id, path, ts, unnest(files) as shared from chat_messages)
where shared not in (select path from files)
