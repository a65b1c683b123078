-- id: chat_transcript_agrees
-- severity: error
-- description: each conversation's Markdown transcript holds every message of its day files, and no more
-- The transcript is the export read by a person; the day files, by a program. Both must tell the
-- same conversation: the same number of messages, each message's text (as a reader sees it) in it.
with transcript as (
    select t.path, t.export, t.n_messages, squash(t.text) as text,
           regexp_extract(a.path, '/([^/]+)/[^/]+$', 1) as folder
    from chat_transcripts t
    join expected_files e on e.path = t.path and e.role = 'transcript'
    join artifacts a on a.id = e.artifact_id
),
counted as (
    select t.path, t.n_messages, count(m.ts) as n
    from transcript t left join chat_messages m on m.export = t.export and m.folder = t.folder
    group by t.path, t.n_messages
)
select null as artifact_id, path,
       'the transcript shows ' || n_messages || ' messages; the day files hold ' || n as detail
from counted
where n_messages <> n
union all
select m.artifact_id, t.path, 'the transcript lacks message ' || m.ts || ' of ' || m.path || ': "' || left(squash(m.text_plain), 60) || '"'
from transcript t
join chat_messages m on m.export = t.export and m.folder = t.folder
where not contains(t.text, squash(m.text_plain))
