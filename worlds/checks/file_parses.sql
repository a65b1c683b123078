-- id: file_parses
-- severity: error
-- description: every file in the room opens as what its extension says it is
select artifact_id, path, path || ' does not parse: ' || error as detail
from files
where not parsed
