-- id: message_carries_point
-- severity: error
-- description: every message the outline gives a point says it word for word in its own text
-- A thread's points are its expert's: the news, question, answer or position each message carries. A message that
-- dropped or reworded its point carries what the engine made up in its place. Spaces are compared squashed.
select p.artifact_id, e.path,
       'the message does not say its point: "' || left(p.text, 160) || '"' as detail
from message_points p
join emails e on e.artifact_id = p.artifact_id
join artifacts a on a.id = p.artifact_id and a.path = e.path
where strpos(squash(coalesce(e.body_new, '')), squash(p.text)) = 0
