-- id: inventory_exists
-- severity: error
-- description: every planned artifact, and the Markdown or CSV twin of every document and sheet, has a file in the room
-- Whether the file then parses is file_parses' question; a fact inside it, planned_fact_present's.
select e.artifact_id, e.path,
       case e.role when 'twin' then 'the twin ' else 'the planned file ' end || e.path || ' is not in the room' as detail
from expected_files e
where not exists (select 1 from files f where f.path = e.path)
