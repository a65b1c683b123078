-- id: markdown_twin_agrees
-- severity: error
-- description: every document's Markdown twin has the .docx's title, its headings in order, and the same paragraphs and table cells
-- Compared block by block (document_blocks), whitespace squashed: the title; the sequence of
-- headings; and the paragraphs and table cells as sets, each way. The distractor banner that the
-- .docx prints in its page margins is the twin's > quote and is not compared here.
with pairs as (
    select a.id as artifact_id, a.path as docx, t.path as md
    from artifacts a
    join expected_files t on t.artifact_id = a.id and t.role = 'twin'
    join files fd on fd.path = a.path and fd.parsed
    join files ft on ft.path = t.path and ft.parsed
    where a.kind = 'document'
),
blocks as (
    select p.artifact_id, p.md, b.source, b.kind, b.text, b.position
    from pairs p
    join document_blocks b on (b.source = 'docx' and b.path = p.docx) or (b.source = 'md' and b.path = p.md)
),
outline as (
    select artifact_id, md,
           coalesce(string_agg(text, ' / ' order by position) filter (where source = 'docx' and kind = 'title'), '') as docx_title,
           coalesce(string_agg(text, ' / ' order by position) filter (where source = 'md' and kind = 'title'), '') as md_title,
           coalesce(string_agg(text, ' / ' order by position) filter (where source = 'docx' and kind = 'heading'), '') as docx_headings,
           coalesce(string_agg(text, ' / ' order by position) filter (where source = 'md' and kind = 'heading'), '') as md_headings
    from blocks
    group by artifact_id, md
),
body as (
    select distinct artifact_id, md, source, kind, text from blocks where kind in ('paragraph', 'cell')
)
select artifact_id, md as path, 'the twin''s title "' || md_title || '" is not the .docx''s "' || docx_title || '"' as detail
from outline where md_title <> docx_title
union all
select artifact_id, md, 'the twin''s headings "' || md_headings || '" are not the .docx''s "' || docx_headings || '"'
from outline where md_headings <> docx_headings
union all
select x.artifact_id, x.md,
       case when x.source = 'docx' then 'the twin lacks the .docx ' else 'the .docx lacks the twin''s ' end
       || x.kind || ' "' || left(x.text, 80) || case when length(x.text) > 80 then '..."' else '"' end
from body x
anti join body y on y.artifact_id = x.artifact_id and y.source <> x.source and y.kind = x.kind and y.text = x.text
