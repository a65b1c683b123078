-- id: yes_no_answered
-- severity: error
-- description: a thread whose title asks a yes or no ('can they charge this?') has a reply from another that gives one, or its ground
-- The question is the title's after its last ': ' (questions.title_question), opening on an auxiliary. A reply
-- by anyone but the asker answers it where its own words say yes or no, a limit ('only up to the surcharge cap'),
-- a view ('as I read it', 'my advice'), what it turns on, or when an answer comes ('by Friday'); a figure alone
-- answers no yes/no ('can they charge this?' answered 'The rate on the adjustment cap percentage is 12%.',
-- mail10's read of supply-surcharge at seed 61). A thread with no reply from another asks nobody.
with asking as (
    -- an either/or question ('does the 5% test run on royalties or on net sales?') is answered by a reply that names
    -- one of its two ends (author37's royalty-audit outline: the engine's reply 'It runs on the royalties paid ...'
    -- was refused, and the expert had to retitle the thread); each end by the first six letters of its last word
    select a.thread, a.id, a.author, a.title,
           lower(left(nullif(regexp_extract(a.title, '(\w{4,})\s+or\s+[^:?]*\?\s*$', 1), ''), 6)) as alt_a,
           lower(left(nullif(regexp_extract(a.title, '\s+or\s+[^:?]*?(\w{4,})\s*\?\s*$', 1), ''), 6)) as alt_b
    from artifacts a
    where a.kind = 'email' and a.position = 0 and a.thread is not null and a.distractor is null
      and regexp_matches(a.title, '\?\s*$')
      and regexp_matches(regexp_extract(a.title, '(?:^|: )([^:]*)$', 1),
          '(?i)^\s*(is|are|was|were|do|does|did|has|have|had|can|could|will|would|should|shall|may|must)\b')
),
replies as (
    select q.thread, q.id as opener, e.body_new, q.alt_a, q.alt_b
    from asking q
    join artifacts a on a.thread = q.thread and a.kind = 'email' and a.mode = 'reply' and a.author <> q.author
    join emails e on e.artifact_id = a.id
)
select q.id as artifact_id, null as path,
       'the thread ' || q.thread || ' asks "' || regexp_extract(q.title, '(?:^|: )([^:]*)$', 1)
       || '" and no reply gives a yes, a no, a limit, a view or when the answer comes' as detail
from asking q
where exists (select 1 from replies r where r.thread = q.thread)
  and not exists (
    select 1 from replies r
    where r.thread = q.thread
      and (contains(lower(coalesce(r.body_new, '')), r.alt_a) or contains(lower(coalesce(r.body_new, '')), r.alt_b)
      or regexp_matches(coalesce(r.body_new, ''),
          '(?i)\b(yes|no|not|only|cannot|never|none|nothing|neither|up to|no further|limits?|floor|turns? on|depends?|'
          || 'view|as I read it|advice|recommend\w*|agree\w*|accept\w*|reject\w*|disput\w*|content|confident|final|'
          || 'correct|right|unless|I would|we would|we do|we should|you should)\b|n''t\b'
          || '|\b(?:by|before|until) (?:end of |close of |the end of )?(?:Monday|Tuesday|Wednesday|Thursday|Friday|tomorrow|today|\w+ \d{1,2}|\d{1,2} \w+)\b')))
