-- id: thread_ends_on_bare_thanks
-- severity: warn
-- description: a thread does not end on a reply that only thanks ('Thanks.', 'Got it, thanks.'): its last reply says what it waits for and until when, or does something
-- "Thanks." and "Thank you; I will look out for it." as the newest message of a thread (blind read 27: empty and
-- circular threads). The reply's own words are its first paragraph after any greeting; it fails where that paragraph
-- opens with thanks or a bare acknowledgement, runs to ten words or fewer, names no day, figure or question, and the
-- reply has no other paragraph of a sentence of six words or more.
with last as (
    select thread, max(position) as position from artifacts where kind = 'email' and thread is not null group by thread
),
tops as not materialized (
    select a.id as artifact_id, e.path, e.body_new,
           list_filter(regexp_split_to_array(trim(e.body_new), '\n\s*\n'),
                       lambda x: not regexp_matches(trim(x), '^(?:Dear|Hi|Hello|Good (?:morning|afternoon|evening)|Morning)\b[^\n]*,?$')) as paras
    from artifacts a
    join last l on l.thread = a.thread and l.position = a.position
    join emails e on e.artifact_id = a.id
    where a.kind = 'email' and a.mode = 'reply' and a.distractor is null
)
select artifact_id, path, 'the thread ends on a bare thanks: "' || left(trim(paras[1]), 120) || '"' as detail
from tops
where len(paras) >= 1
  and regexp_matches(trim(paras[1]), '(?i)^(?:thanks|thank you|many thanks|noted|understood|received|got it|got this|confirmed|ok\b|okay|fine|great|good|perfect|helpful)')
  and len(regexp_extract_all(paras[1], '[A-Za-z0-9'']+')) <= 10
  and not regexp_matches(paras[1], '(?i)\d|\?|\b(?:monday|tuesday|wednesday|thursday|friday|tomorrow|today|tonight|week|by)\b')
  -- (a sentence of the words of any language, figures and dates among them: "Noted, Hans-H.." over the point "Die
  -- Garantiehaftung ist auf EUR 1.200.000 begrenzt." carried its point, and was read as a bare thanks because a word
  -- of it held a figure or a letter outside ASCII; a signature's lines end on no full stop)
  and not exists (select 1 from unnest(paras[2:]) t(p)
                  where regexp_matches(p, '[\pL\pN€$£(][^\s]*(?:[ \t]+[^\s]+){5,}[.!?](?:\s|$)'))
