-- id: genre_structure
-- severity: error
-- description: every document shows its doc_type's genre: a memo its question, short answer, analysis and recommendation; an interview memorandum its interviewee, interviewer and what was said; a procedural order its directions, costs and signature; a term sheet its parties, consideration or facilities, conditions and governing law; a pleading its caption, numbered paragraphs, count or defense, prayer for relief and signature block (a US complaint's or an English claim's, adjudication's or arbitration's); an agreement its parties, recitals, schedule and signatures (a charter party: its Part I and Part II); and so on
-- The genre is read from doc_type in the order generators/compose/genres.py matches it (a letter of intent or a
-- side letter, by its doc_type or title, is a letter), and each
-- marker from what a reader sees: the .docx headings, or its text. A genre's markers are asked for
-- only when the document has at least as many sections as the genre requires.
with genre as (
    select a.id, a.doc_type, a.sections, d.path, d.text, d.n_sections, d.n_tables,
           -- (a numbered statutory form, by its title's head ('Form H: ...'), is the officer's certificate: its
           -- certification, facts recited and verification, which genre_contract asks for; blind read 28)
           case when regexp_matches(a.title, '^\s*(?i:draft\s+)?(?i:form)\s+([A-Z]{1,3}|[0-9]{1,3}[A-Za-z]?)\b') then null
                when regexp_matches(lower(a.doc_type || ' ' || a.title), 'letter of intent') then 'letter'
                -- (a mandate letter, by its title's own noun phrase, is the arranger's letter the client countersigns)
                when regexp_matches(lower(a.title), '^(draft\S*\s+)?((signed|final|revised|executed|countersigned|amended|updated)\s+)?mandate letter\b') then 'letter'
                -- (a side letter between parties a room can tell apart is written as a letter; else as an agreement)
                when regexp_matches(lower(a.doc_type || ' ' || a.title), 'side letter')
                     and regexp_matches(coalesce(d.text, ''), '(?m)^Dear ') then 'letter'
                -- (a record of an interview, by the title's own noun phrase ('Interview memorandum - February 17',
                -- 'Note of interview: ...'), records who was interviewed and what they said, not an advice memo's
                -- question and answer; a procedural order, which a tribunal makes, gives directions: blind read 27)
                when regexp_matches(lower(a.title), '^(draft\S*\s+)?(file\s+)?(note|record|memorandum|memo|notes|summary)\s+of\s+(the\s+|an\s+)?interview\b|^(draft\S*\s+)?[a-z0-9 -]*?\binterview\s+(memo|memorandum|note|notes|record|summary)(\s*$|\s*[:(]|\s+[-–]\s|\s+(of|with|re|on)\s)') then 'interview'
                -- (an operational record, by its title's head noun as contracts.yaml names its record genres (a daily
                -- site report, a production report, a trade report, a periodic risk report), keeps its entries in
                -- tables, never an advice memo's or a consultant's report's headings: blind read 28)
                when (regexp_matches(a.title, '(?i)^[^:(]*\b(site|construction|superintendent''?s?|foreman''?s?)\b[^:(]*\b(report|diary|log|record)\s*($|[:(]|\s[-–]\s)') and not regexp_matches(a.title, '(?i)\b(visit|inspection|survey|memo|response|reply|notice|audit)\b')) or
                     (regexp_matches(a.title, '(?i)^[^:(]*\b(production|output|plant|mill)\b[^:(]*\breport\s*($|[:(]|\s[-–]\s)') and not regexp_matches(a.title, '(?i)\b(loss|losses|memo|response|reply|document|audit|incident|accident|shutdown)\b')) or
                     (regexp_matches(a.title, '(?i)^[^:(]*\b(daily|end-of-day|end of day)\b[^:(]*\b(transition|trade|trading|execution)\b[^:(]*\breport\s*($|[:(]|\s[-–]\s)') and not regexp_matches(a.title, '(?i)\b(memo|response|reply)\b')) or
                     (regexp_matches(a.title, '(?i)^[^:(]*\b(pre-trade|post-trade|trade|trading|transition|execution)\b[^:(]*\b(report|estimate)\s*($|[:(]|\s[-–]\s)') and not regexp_matches(a.title, '(?i)\b(memo|response|reply|trade ?marks?)\b')) or
                     (regexp_matches(a.title, '(?i)^[^:(]*\b(daily|weekly|monthly|quarterly|q[1-4])\b[^:(]*\b(risk|compliance|limits?|exposure)\b[^:(]*\breport\b|^[^:(]*\b(risk|compliance|limits?|exposure) report (q[1-4]|h[12])\b') and not regexp_matches(a.title, '(?i)\b(memo|response|reply|audit|incident|forensic)\b')) then 'record'
                when regexp_matches(lower(a.title), '^(draft\S*\s+)?procedural (order|directions)(\s+no\.?\s*[0-9]+)?(\s*$|\s*[:(]|\s+[-–]\s|\s+(to|of|for|on|re|with|under|from|by|at|between|and|in)\s)') then 'order'
                -- (a paper headed 'insurance policy' is the insurer's form, its schedule, insuring clause and
                -- conditions, whatever its doc_type: blind read 29's 'agreement'-typed policy was written as a contract)
                when regexp_matches(lower(a.title), '^[^:(]*\binsurance polic(y|ies)\b[^:(]*($|[:(])') then null
                when regexp_matches(lower(a.doc_type), 'investment committee|ic memo|ic paper') then 'ic_memo'
                when regexp_matches(lower(a.doc_type), 'term sheet|heads of terms|heads of agreement') then 'term_sheet'
                when regexp_matches(lower(a.doc_type), 'pleading|complaint|petition|answer|motion|brief|claim form') then 'pleading'
                when regexp_matches(lower(a.doc_type), 'memo|memorandum|advice|opinion|note|briefing') then 'memo'
                when regexp_matches(lower(a.doc_type), 'agreement|contract|deed|terms|lease|nda|charter|licen[cs]e|undertaking|side letter|letter of intent|order form') then 'agreement'
                when regexp_matches(lower(a.doc_type), 'minutes|meeting|call note|readout') then 'minutes'
                when regexp_matches(lower(a.doc_type), 'letter|notice|demand|response') then 'letter'
                -- (a report whose title makes it a certificate is a certificate: its certification, particulars and
                -- signature, never an executive summary and findings; read 21)
                when regexp_matches(lower(a.doc_type), 'report|review|assessment|analysis|diligence|study|audit|summary|findings|qoe|valuation')
                     and regexp_matches(lower(a.title), '^([a-z]+''s\s+)?certificate\b') then null
                when regexp_matches(lower(a.doc_type), 'report|review|assessment|analysis|diligence|study|audit|summary|findings|qoe|valuation') then 'report'
                else null end as genre
    from artifacts a join documents d on d.artifact_id = a.id
    where a.kind = 'document'
),
markers(genre, min_sections, marker, source, pattern) as (values
    -- (a working note by someone who is not a lawyer: its Purpose, Summary and Working)
    ('memo', 4, 'Question Presented', 'heading', '(?i)question presented|(^|\n)purpose'),
    ('memo', 4, 'Short Answer', 'heading', '(?i)short answer|(^|\n)summary'),
    -- (a paper put to a board: its Discussion and its Recommended Resolutions, boardpaper.BOARD_HEADINGS)
    ('memo', 4, 'Analysis', 'heading', '(?i)analysis|(^|\n)working|(^|\n)discussion'),
    ('memo', 4, 'Recommendation', 'heading', '(?i)recommendation|recommended resolutions'),
    ('ic_memo', 4, 'Recommendation', 'heading', '(?i)recommendation'),
    ('ic_memo', 4, 'Investment Thesis', 'heading', '(?i)thesis'),
    ('ic_memo', 4, 'Valuation', 'heading', '(?i)valuation'),
    ('ic_memo', 4, 'Risks', 'heading', '(?i)risk'),
    ('term_sheet', 4, 'Parties', 'heading', '(?i)parties'),
    -- (a loan's term sheet states its facilities and their pricing where a purchase states its price)
    ('term_sheet', 4, 'Consideration', 'heading', '(?i)consideration|price|pricing|facilit(y|ies)'),
    ('term_sheet', 4, 'Conditions', 'heading', '(?i)conditions'),
    ('term_sheet', 4, 'Governing Law', 'heading', '(?i)governing law'),
    ('pleading', 5, 'caption', 'text', '(?i)(united states district court|in the [a-z ]*court|in the high court|in the matter of an adjudication|in the matter of (the arbitration act [0-9]+ and in the matter of )?an arbitration|employment tribunals?\b|(^|\n)(before [a-z]|proceedings\. ))'),
    ('pleading', 5, 'parties in the caption', 'text', 'Plaintiff.*Defendant|Claimant.*Defendant|(Claimant|Appellant|Applicant).*Respondent|Referring Party.*Responding Party'),
    ('pleading', 5, 'numbered paragraphs', 'text', '(?m)^1\. '),
    ('pleading', 5, 'a count or a defense', 'heading', '(?i)count [ivx]+|affirmative defense|the (first|second|third) claim|grounds? of (defence|appeal)'),
    -- (an English claim ends 'AND THE CLAIMANT CLAIMS', a Defence in its closing denial; each is signed under its
    -- statement of truth by the party's solicitor: read 25)
    -- (an administrative appeal or defence, a recurso or a defesa, closes on what the party requests: blind read 34)
    ('pleading', 5, 'prayer for relief', 'text', 'WHEREFORE|asks the (Court|Adjudicator|Tribunal) to|AND THE CLAIMANT CLAIMS|Save as expressly admitted above|the (Appellant|Applicant) requests that'),
    ('pleading', 5, 'signature block', 'text', '(?i)respectfully submitted|signed: .*(solicitors|counsel) for|position or office held: .*solicitors'),
    ('agreement', 4, 'Parties', 'heading', '(?i)parties'),
    -- (a lease of premises has no recitals: its grant clause is what they are to a contract)
    -- (a US credit agreement's recitals are its Preliminary Statements)
    ('agreement', 4, 'Recitals', 'heading', '(?i)recitals|preliminary statements|part i\b|(^|\n)[0-9]+\. grant\b'),
    -- (an order form's schedule is its order details)
    ('agreement', 4, 'Schedule', 'heading', '(?i)schedule|part ii\b|order details'),
    ('agreement', 4, 'signature page', 'text', '(?i)in witness whereof|signed by|executed (as a deed )?by|accepted by'),
    ('interview', 2, 'the interviewee', 'text', '(?i)\binterviewee\b'),
    ('interview', 2, 'who interviewed', 'text', '(?i)\binterviewed by\b'),
    ('interview', 2, 'what the interviewee said', 'heading', '(?i)\bsaid\b|\baccount\b'),
    ('order', 3, 'directions', 'text', '(?i)\bdirects\b'),
    ('order', 3, 'costs', 'text', '(?i)\bcosts\b'),
    ('order', 3, 'the signature', 'text', '(?i)\bsigned\b'),
    ('minutes', 3, 'attendees', 'heading', '(?i)attendees|present'),
    ('minutes', 3, 'decisions', 'heading', '(?i)decisions'),
    ('minutes', 3, 'actions', 'heading', '(?i)actions'),
    ('letter', 2, 'salutation', 'text', '(?m)^Dear '),
    ('letter', 2, 'complimentary close', 'text', '(?i)yours (sincerely|faithfully)|sincerely,'),
    ('report', 3, 'Executive Summary', 'heading', '(?i)executive summary|summary'),
    ('report', 3, 'Findings', 'heading', '(?i)findings'),
    ('report', 3, 'Appendix', 'heading', '(?i)appendix'),
    -- (a record's entries are rows: at least one table, whatever its sections; its parts are genre_contract's)
    ('record', 1, 'table of entries', 'tables', '1')
),
headings as (
    select path, string_agg(text, chr(10)) as h from document_blocks
    where source = 'docx' and kind = 'heading' group by path
)
select g.id as artifact_id, g.path,
       'the ' || g.doc_type || ' lacks its genre''s ' || m.marker as detail
from genre g
join markers m on m.genre = g.genre and g.sections >= m.min_sections
left join headings h on h.path = g.path
where case when m.source = 'tables' then coalesce(g.n_tables, 0) < cast(m.pattern as integer)
           else not regexp_matches(case when m.source = 'heading' then coalesce(h.h, '') else coalesce(g.text, '') end,
                                   m.pattern) end
