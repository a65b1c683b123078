-- id: realism_near_duplicates
-- severity: error
-- description: no two emails or documents share their own text nearly word for word (5-word shingle Jaccard of at least min_jaccard)
-- params: min_jaccard=0.8, min_shingles=15, common_share=0.2
-- An email is compared on its new text, so a reply that quotes its parent is not a copy of it.
-- Shingles found in more than common_share of the artifacts (signatures, greetings, a firm's
-- standing lines) are left out of both sides, and texts with fewer than min_shingles distinctive
-- shingles are too short to judge ("Thanks, will do."). Each pair is reported once, on the later path.
with texts as (
    select artifact_id, path,
           string_split_regex(trim(regexp_replace(lower(text), '[^a-z0-9]+', ' ', 'g')), ' ') as w
    from artifact_text
    where kind in ('email', 'document') and artifact_id is not null
),
positions as (
    select artifact_id, path, w, unnest(range(1, greatest(len(w) - 3, 1))) as i from texts
),
shingles as (
    select distinct artifact_id, path, hash(array_to_string(w[i:i + 4], ' ')) as h from positions
),
frequency as (
    select h, count(*) as df from shingles group by h
),
distinctive as (
    select s.artifact_id, s.path, s.h
    from shingles s join frequency f using (h)
    where f.df <= greatest(2, $common_share * (select count(*) from texts))
),
sizes as (
    select artifact_id, path, count(*) as n from distinctive group by artifact_id, path having count(*) >= $min_shingles
),
shared as (
    select a.path as pa, b.path as pb, count(*) as both_
    from distinctive a join distinctive b on a.h = b.h and a.path < b.path
    group by a.path, b.path
)
select sb.artifact_id, sb.path,
       'its own text is ' || round(100 * x.both_ / (sa.n + sb.n - x.both_))::integer || '% alike (5-word shingles) with '
       || sa.path as detail
from shared x
join sizes sa on sa.path = x.pa
join sizes sb on sb.path = x.pb
where x.both_ / (sa.n + sb.n - x.both_) >= $min_jaccard
