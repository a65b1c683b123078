-- id: decision_named
-- severity: error
-- description: every thread whose purpose names a decision (decides, approves, rejects, agrees...) has a message that states the decision
-- The purpose is never pasted into the text, so the check asks what a reader asks: is there a
-- message in the thread that says what was decided? The verbs mirror generators/beats.py.
with deciding as (
    select distinct thread, item, purpose from artifacts
    where kind = 'email' and thread is not null
      -- a verb after a modal or 'to' decides nothing in the thread ('the letting will decide the figure'), as
      -- beats._taken reads it
      and regexp_matches(regexp_replace(coalesce(purpose, ''),
          '(?i)\b(will|would|shall|may|might|could|should|must|can|cannot|to)\s+(decides?|decided|approves?|approved|rejects?|rejected|agrees?|agreed|accepts?|accepted|signs? off|signed off|settles?|settled)\b', ' ', 'g'),
          '(?i)\b(decides?|decided|approves?|approved|rejects?|rejected|agrees?|agreed|accepts?|accepted|signs? off|signed off|settles?|settled)\b')
)
select (select min(a.id) from artifacts a where a.thread = d.thread and a.position = 0) as artifact_id,
       (select min(e.path) from artifacts a join emails e on e.artifact_id = a.id where a.thread = d.thread and a.position = 0) as path,
       'the thread ' || d.thread || ' is meant to reach a decision, but no message says what was decided' as detail
from deciding d
-- a thread whose last message before any forward (the one that decides) carries the outline's point says the
-- decision in its expert's words, which name no decision ("We do not accept the set-off."); message_carries_point
-- checks that it is said
where not exists (
    select 1 from artifacts a join message_points p on p.artifact_id = a.id
    where a.thread = d.thread and a.position = (select max(b.position) from artifacts b
                                                 where b.thread = d.thread and b.mode <> 'forward'))
and not exists (
    select 1 from artifacts a join emails e on e.artifact_id = a.id
    where a.thread = d.thread
      -- the pattern only over a text holding one of its plain words in any case ('deci', 'agreed', 'approved': no
      -- letter of these has a case fold outside ASCII), not over every message of the room
      and (e.body_new ilike '%deci%' or e.body_new ilike '%agreed%' or e.body_new ilike '%approved%')
      and regexp_matches(coalesce(e.body_new, ''), '(?i)\b(decision|decided|we have agreed|is approved|approved:)\b'))
