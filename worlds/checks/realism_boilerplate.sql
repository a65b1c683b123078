-- id: realism_boilerplate
-- severity: error
-- description: no sentence of min_words or more, in a message's own text, a document or a sheet's notes, repeats word for word in more than max_messages artifacts, or max_share of them
-- params: min_words=8, max_messages=3, max_share=0.01
-- Read on each message's new text (quoted history repeats its parents by design), each document's
-- text and each sheet's text cells. Only sentences count: text ending in . ! or ? on one line, so
-- signature lines, headings and lists never do, nor does a run of mostly capitalised words (a list
-- of names). A sentence that is part of the outline's statement of a fact is checked by
-- fact_statement_established_only and does not count, nor does a minutes' roll of those present. Three
-- repeats (or 1% of a room past 300 artifacts) allow a writer's habit, not a template stamped on the room.
with sentences as materialized (
    -- cut at line breaks and after . ! ? followed by a space, with plain replaces (this runs over
    -- every message); whether a piece really ends a sentence is asked only of the pieces that repeat
    select artifact_id, path, trim(s) as sentence
    from (select artifact_id, path,
                 unnest(string_split(replace(replace(replace(replace(replace(text, chr(13), ''), chr(10), '|'),
                        '. ', '.|'), '? ', '?|'), '! ', '!|'), '|')) as s
          from artifact_text where artifact_id is not null)
    where len(s) > 30
),
stated as (
    select lower(rtrim(squash(statement), '.')) as statement from facts
),
-- Count first (one hash aggregate over every sentence), then judge only the sentences that repeat.
frequent as (
    select sentence, count(distinct artifact_id) as n
    from sentences
    group by sentence
    having count(distinct artifact_id) > greatest($max_messages,
                                                  $max_share * (select count(*) from artifact_text where artifact_id is not null))
),
repeated as (
    select sentence, n
    from frequent
    where regexp_matches(sentence, '[.!?]$')
      and len(string_split_regex(trim(sentence), '\s+')) >= $min_words
      -- mostly capitalised words make a list of names or a title, not prose
      and 2 * len(regexp_extract_all(sentence, '(?:^|\s)\(?[A-Z]')) < len(string_split_regex(trim(sentence), '\s+'))
      -- a roll of those present ('Members of the committee present: ...', 'Present: ...', 'Apologies: ...') is the
      -- minutes' record of who came, in the secretary's one form at every meeting of a standing body: the same
      -- members in the same words each time is how minutes are kept, not a template stamped on prose
      and not regexp_matches(sentence, '^(?:Members of [^:]{1,60} present|Present|Attending|Those present|'
                                       || 'In attendance[^:]{0,40}|Apologies|Absent)\s*:')
      -- a piece cut after a number's abbreviation ('Lot No.', 'Art.') ends a name, not a sentence: a paper's title
      -- cited in sources and agendas ("Survey report: ..., Lot No. 7") was "repaired" into "To recap, survey
      -- report ..." wherever it stood (blind read 30: "Comments on For completeness, survey report")
      and not regexp_matches(sentence, '\b(?:No|Nos|Art|Arts|para|paras|cl|p|pp|s|ss|Sch|Reg|vol|Ref|ref|[Nn]o)\.$')
      and not exists (select 1 from stated f
                      where contains(lower(frequent.sentence), f.statement)
                         or contains(f.statement, lower(frequent.sentence)))
)
select s.artifact_id, s.path,
       'the sentence "' || left(r.sentence, 120) || case when len(r.sentence) > 120 then '...' else '' end
       || '" appears word for word in ' || r.n || ' artifacts' as detail
from repeated r
join (select distinct artifact_id, path, sentence from sentences) s on s.sentence = r.sentence
