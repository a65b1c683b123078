-- id: asked_again_after_nothing
-- severity: error
-- description: one told that nothing more is needed of them does not ask it again in the thread ('what else do you require of us?' / 'nothing further' / 'what else do you require of us?')
-- A circular thread of an unseen outline (mail12, seed 61): "Please let us know what else you require of us." /
-- "No, nothing further for now." / "Fine, thank you. Please let us know what else you require of us." / "Nothing
-- further at this stage." (blind read 27: empty and circular threads). A message fails where its writer asked, earlier
-- in its thread, what else was needed of them and a reply by another then said nothing was.
with msgs as not materialized (
    select a.id, a.thread, a.position, lower(e.from_addr) as sender, e.body_new,
           regexp_matches(e.body_new, '(?i)\banything (?:else|further|more|still needed|still wanted|else needed|outstanding)\b[^.?\n]{0,40}\b(?:from|of) (?:me|us|our side|our client)\b|\bwhat (?:else|further) you (?:require|need|want)\b|\bneed anything (?:else|further|more) from (?:me|us)\b') as asks,
           regexp_matches(e.body_new, '(?i)^\s*(?:(?:Hi|Hello|Dear) [^\n]*\n+\s*)?(?:no[,.]? |nothing|not (?:for now|at this stage|yet))') as nothing
    from artifacts a join emails e on e.artifact_id = a.id
    where a.kind = 'email' and a.thread is not null
)
select z.id as artifact_id, null as path,
       'asks again what is needed of its writer after being told nothing is: "'
       || left(regexp_extract(z.body_new, '(?i)[^.\n]*(?:anything|what (?:else|further)|need anything)[^.?\n]*[.?]?', 0), 140) || '"' as detail
from msgs z
where z.asks
  and exists (select 1 from msgs x join msgs y on y.thread = x.thread
              where x.thread = z.thread and x.sender = z.sender and x.asks and x.position < y.position
                and y.position < z.position and y.sender <> z.sender and y.nothing)
