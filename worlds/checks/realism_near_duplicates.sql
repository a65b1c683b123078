-- id: realism_near_duplicates
-- severity: error
-- description: no two emails, documents or days of chat share their own text nearly word for word (5-word shingle Jaccard of at least min_jaccard)
-- params: min_jaccard=0.8, min_shingles=15, common_share=0.2, common_max=50, sample_above=100000
-- An email is compared on its new text, so a reply that quotes its parent is not a copy of it.
-- Shingles found in more than common_share of the artifacts, or in more than common_max of them
-- (signatures, greetings, a firm's standing lines), are left out of both sides; texts with fewer
-- than min_shingles distinctive shingles are too short to judge ("Thanks, will do."). Candidate
-- pairs come from four MinHash bands of one hash each (a pair at Jaccard 0.8 shares at least one
-- band with probability 0.998), so the work grows with the room, not with its square; the Jaccard
-- of each candidate is then counted on its shingles. Each pair is reported once, on the later path.
with texts as (
    -- the texts as they are, not cut into words here: this is read three times and held whole, and a list of a
    -- million texts' words is four times their size (the check's peak at 200,000 emails 381 MiB -> 241 MiB)
    select row_number() over (order by path) as doc, artifact_id, path, text
    from (select artifact_id, path, body_new as text from emails where artifact_id is not null
          union all
          select artifact_id, path, text from documents where artifact_id is not null
          union all
          -- a day of chat, as one text: a conversation pasted onto another day is a copy
          select artifact_id, path, text from artifact_text where kind = 'chat' and artifact_id is not null)
),
room as (
    -- Past sample_above texts, the shingles whose hash is divisible by 4 (the same in every text)
    -- stand for all of them: Jaccard is estimated on a quarter of the work, and since a text must
    -- still show min_shingles of them, only texts about four times as long are judged there.
    -- (a ubigint, as a hash is: against an integer, every shingle's modulo was taken in hugeint, half this check's time)
    select (case when count(*) > $sample_above then 4 else 1 end)::ubigint as every from texts
),
shingles as (
    -- a 5-gram repeated inside one text counts twice here; distinct is taken after the common ones go
    -- (room joined to each text, not read as a subquery beside each shingle: that planned a nested loop).
    -- Words split on spaces and line breaks (no regular expression: this runs over every message). Each word is
    -- hashed once and a shingle is the hash of its five words' hashes: hashing five strings at every position
    -- read each word five times (a third of this check's time over a million messages)
    select doc, h
    from (select doc, every, unnest(list_transform(range(1, greatest(len(v) - 3, 1)),
                                                   lambda i: hash(v[i], v[i + 1], v[i + 2], v[i + 3], v[i + 4]))) as h
          from (select doc,
                       list_transform(list_filter(string_split(replace(replace(lower(text), chr(13), ' '), chr(10), ' '), ' '),
                                                  lambda x: x <> ''), lambda x: hash(x)) as v
                from texts), room)
    where h % every = 0
),
frequency as (
    select h, count(*) as df from shingles group by h
),
distinctive as materialized (
    select distinct s.doc, s.h
    from shingles s join frequency f using (h)
    where f.df <= least($common_max, greatest(2, $common_share * (select count(*) from texts)))
),
sizes as (
    select doc, count(*) as n from distinctive group by doc
    having count(*) >= $min_shingles
),
bands as (
    select d.doc, b.j, min(hash(d.h + b.j)) as m
    from distinctive d join sizes using (doc), range(4) b(j)
    group by d.doc, b.j
),
candidates as (
    select distinct x.doc as da, y.doc as db
    from bands x join bands y on x.j = y.j and x.m = y.m and x.doc < y.doc
),
shared as (
    select c.da, c.db, count(*) as both_
    from candidates c
    join distinctive a on a.doc = c.da
    join distinctive b on b.doc = c.db and b.h = a.h
    group by c.da, c.db
)
select tb.artifact_id, tb.path,
       'its own text is ' || round(100 * x.both_ / (sa.n + sb.n - x.both_))::integer || '% alike (5-word shingles) with '
       || ta.path as detail
from shared x
join sizes sa on sa.doc = x.da
join sizes sb on sb.doc = x.db
join texts ta on ta.doc = x.da
join texts tb on tb.doc = x.db
where x.both_ / (sa.n + sb.n - x.both_) >= $min_jaccard
