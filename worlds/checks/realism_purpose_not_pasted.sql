-- id: realism_purpose_not_pasted
-- severity: error
-- description: no artifact's text holds an outline item's purpose line (the author's note on why the item exists), whole or its first eight words
-- derive: purpose_words = select string_agg(distinct regexp_escape(list_sort(list_transform(list_slice(string_split(lower(squash(purpose)), ' '), 1, 7), lambda w: {'n': -length(w), 'w': w}))[1].w), '|') from (select distinct purpose from artifacts) where len(string_split(squash(purpose), ' ')) >= 8
-- A purpose tells the generator what an item is for; a reader who finds it in a message or a document
-- is reading the outline, not the matter. The first eight words catch a purpose pasted with its end
-- trimmed or reworded. Each purpose is sought once, named by its first item: an item with a count of
-- 500 shares one purpose, and a pair per instance made this check quadratic in a long matter.
-- Squashed and lowered, a text is searched only when it holds, as written but lowered, the longest of some purpose's
-- first seven words (squashing joins nothing within a word, and those words are in both the head and the whole):
-- $purpose_words, derived from the same purposes as one pattern of literals, compiled once. Squashing every text
-- of a room of 1,000,000 emails whose items have purposes took 9 CPU-seconds (issue 22); a room without any
-- purpose searches none.
-- A head that is only a fact's label with its article ('The net book value of the final perimeter against the price
-- ...' for the fact 'net book value of the final perimeter') is what every sentence on that figure says: such a purpose
-- is found whole only (a sale's world quarantined on three messages that stated the figure, session 29).
with labels as materialized (
    select distinct lower(squash(label)) as label from facts
    where len(string_split(squash(label), ' ')) >= 5
),
purposes as materialized (
    select item, whole,
           case when exists (select 1 from labels l
                             where starts_with(l.label, regexp_replace(h.head, '^(the|a|an) ', ''))
                                or (starts_with(regexp_replace(h.head, '^(the|a|an) ', ''), l.label)
                                    and len(string_split(l.label, ' ')) + 2 >= len(string_split(h.head, ' '))))
                then null else head end as head
    from (select min(item) as item, whole, head
    from (select item, lower(rtrim(squash(purpose), '.')) as whole,
                 lower(array_to_string(list_slice(string_split(squash(purpose), ' '), 1, 8), ' ')) as head
          -- each purpose squashed once, not once per artifact of its item
          from (select min(item) as item, purpose from artifacts group by purpose)
          where len(string_split(squash(purpose), ' ')) >= 8)
    group by whole, head) h
),
texts as materialized (
    select artifact_id, path, lower(squash(text)) as t
    from artifact_text
    where text is not null and regexp_matches(lower(text), $purpose_words)
)
select t.artifact_id, t.path,
       'the text holds the purpose of ' || p.item || ': "' || left(p.whole, 80) || '"' as detail
from texts t
join purposes p on (p.head is not null and contains(t.t, p.head)) or contains(t.t, p.whole)
