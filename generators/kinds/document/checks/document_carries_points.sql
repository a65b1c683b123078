-- id: document_carries_points
-- severity: error
-- description: every point the outline gives a document (points:, each fact's value written in as of its day) is in its text, word for word
-- The plan carries the rendered points (DocumentSpec.points -> planned_points); a model that drops or rewrites one, or
-- a composer that rewords it, fails here. Whitespace is squashed on both sides; the heading is the point's own.
select p.artifact_id, d.path,
       'point ' || p.position || coalesce(' (' || p.heading || ')', '') || ' is planned here, but "'
       || left(squash(p.text), 120) || '" is not in the document text' as detail
from planned_points p
join documents d on d.artifact_id = p.artifact_id
-- (an instrument lays a point headed by its clause as that clause, its first letter a capital: '20.1 The vessel is
-- tight ...' for the point 'Clause 20 (Owners' warranties): the vessel is tight ...')
where strpos(squash(d.text), squash(p.text)) = 0
  and strpos(squash(d.text), upper(left(squash(p.text), 1)) || substr(squash(p.text), 2)) = 0
