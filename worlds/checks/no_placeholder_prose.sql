-- id: no_placeholder_prose
-- severity: error
-- description: no artifact says what its text is drawn from, leads a figure with "the headline is", or argues a litigator's point against a party, in place of saying the matter
-- A reader of a data room takes these for a template's seams (blind read 34, the worst file of the read: "The account
-- here is drawn from the file, with the number of positions affected and the documentary record as the documents give
-- them"; "if Bond Industrie & Techniek attacks the number of positions affected, it must deal with the next deadline
-- as well, which it has not done" in a request to a works council; "The headline is that ..." in each report's
-- summary; "Set out below, in turn: Platform; Dedicated instance; ..."). Each pattern is a frame the composer once stamped on papers of every trade; a paper that needs the thought
-- says the matter's own words instead.
select artifact_id, path,
       'placeholder prose: "' || left(regexp_extract(text, '(?i)((?:the|this) account(?: here)? is (?:built|taken|drawn) from the file[^.]{0,80}|\bthe headline is that |\bset out below, in turn: [^.]{0,60}|\bif [^,.]{1,80} (?:attacks|challenges|takes issue with) [^,.]{1,80}, it must (?:explain|account for|deal with) [^.]{1,80} as well, which it has not done)', 1), 160) || '"' as detail
from artifact_text
where text is not null
  and regexp_matches(text, '(?i)(?:the|this) account(?: here)? is (?:built|taken|drawn) from the file|\bthe headline is that |\bset out below, in turn: |\bif [^,.]{1,80} (?:attacks|challenges|takes issue with) [^,.]{1,80}, it must (?:explain|account for|deal with) [^.]{1,80} as well, which it has not done')
