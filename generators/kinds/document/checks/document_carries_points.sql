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
where strpos(squash(d.text), squash(p.text)) = 0
