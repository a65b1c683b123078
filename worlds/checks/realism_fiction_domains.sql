-- id: realism_fiction_domains
-- severity: error
-- description: every domain of an organisation, an address or a web link is reserved for fiction (.example, .test, .invalid, .localhost, example.com/.net/.org)
-- RFC 2606 and RFC 6761 reserve these names: they never resolve, so no real company is impersonated
-- and no agent that follows a link reaches anyone.
-- Every address and link is gathered once (materialized) for its two readers, the domains judged and the
-- offending rows read back: 3,500,000 rows at 1,000,000 emails, with a pattern over every text holding an @
-- (2.4 -> 2.1 CPU-seconds there).
with used as materialized (
    select null as artifact_id, null as path, 'organisation ' || name as what, lower(domain) as domain from organisations
    union all
    select null, null, 'person ' || name, lower(split_part(email, '@', 2)) from people
    union all
    select artifact_id, path, 'From address ' || from_addr, lower(split_part(from_addr, '@', 2)) from emails
    union all
    select artifact_id, path, 'recipient ' || address, lower(split_part(address, '@', 2)) from recipients
    union all
    select artifact_id, path, 'address or link ' || m, lower(regexp_extract(m, '(?:@|//|^www\.)([a-z0-9.-]+)', 1))
    from (select artifact_id, path,
                 unnest(regexp_extract_all(lower(text), '[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+|https?://[a-z0-9.-]+|\bwww\.[a-z0-9-]+(?:\.[a-z0-9-]+)+')) as m
          -- only a text with an address or a link in it (an @, a // or a www.) is searched; text named once (the
          -- tests in a lambda over it): a filter naming it in each test is pushed into realism_text with its
          -- expression (a squashed subject, a quoted tail) copied into each
          from realism_text
          where list_transform([text], lambda t: contains(t, '@') or contains(t, '//') or contains(lower(t), 'www.'))[1])
),
domains as (
    -- each domain judged once, not once per address: a million messages name a few hundred domains (an aggregate
    -- of the domain, not the domain grouped by: a filter on that is pushed under the grouping, and the pattern
    -- below ran on every address)
    select min(domain) as domain from used where domain <> '' group by domain
),
unreserved as (
    select domain from domains
    where not regexp_matches(rtrim(domain, '.'), '(^|\.)(example|test|invalid|localhost)$|(^|\.)example\.(com|net|org)$')
)
select distinct artifact_id, path, what || ': ' || domain || ' is not a reserved domain' as detail
from used
where domain in (select domain from unreserved)
