-- id: files_changed_since_publishing
-- severity: error
-- description: every file of the room and plan.json still has the sha256 the manifest recorded, none was removed or added, and the manifest's seal holds
-- Compared: room/ and plan.json. Left out: the sha256 of validation.json, report.html and world.duckdb, which
-- every validation rewrites; but every file the manifest lists must be there, as open_world requires (a missing
-- entry outside room/ is found by name, never opened), and no file the manifest does not list may be added anywhere
-- (outside room/ too: unlisted_files). A bundle without manifest.json (a staging folder) has nothing to compare with.
-- An error: a published world is what was published, and an edit made consistently to a file and its
-- twin would pass every other check. Edits the user intends are accepted with `worldsmith validate
-- --accept-edits`, which leaves this check out and re-seals the manifest when the rest pass.
with published as (
    select substr(path, 6) as path, sha256 from manifest_files where path like 'room/%'
)
select f.artifact_id, f.path,
       'changed since publishing: sha256 ' || f.sha256[1:12] || '..., the manifest says ' || m.sha256[1:12] || '...' as detail
from files f
join published m on m.path = f.path
where f.sha256 <> m.sha256
union all
select f.artifact_id, f.path, 'added since publishing: the manifest does not list it'
from files f
cross join manifest_state s
anti join published m on m.path = f.path
where s.readable
union all
select e.artifact_id, m.path, 'removed since publishing: the manifest lists it, the room does not have it'
from published m
left join expected_files e on e.path = m.path
anti join files f on f.path = m.path
union all
select null, m.path, 'removed since publishing: the manifest lists ' || m.path || ', the bundle does not have it'
from manifest_files m
where m.path not like 'room/%' and not m.present
union all
select null, u.path, 'added since publishing: the manifest does not list ' || u.path
from unlisted_files u
union all
select null, null, 'plan.json changed since publishing: sha256 ' || s.plan_sha256[1:12] || '..., the manifest says '
       || m.sha256[1:12] || '...'
from manifest_state s
join manifest_files m on m.path = 'plan.json'
where s.readable and m.sha256 <> s.plan_sha256
union all
select null, null, 'manifest.json is unreadable, so no file could be compared: ' || error
from manifest_state
where present and not readable
union all
select null, null, case seal when 'none' then 'manifest.json carries no seal (an older worldsmith wrote it): '
                                              || 'nothing proves its title, verdict and checksums are the published ones'
                             when 'invalid' then 'manifest.json holds a value no manifest can (' || coalesce(error, '?')
                                                 || '), so it was edited since it was sealed'
                             else 'manifest.json was edited since it was sealed: its title, verdict or a checksum '
                                  || 'is not the published one' end
from manifest_state
where readable and seal is not null and seal <> 'ok'
