-- id: promised_working_given
-- severity: error
-- description: a message that promises its figures and how they are reached gives them: two figures or more, or a figure with its working
-- "Writing to you on the LTM period end: our thinking is below, with the working behind it. The LTM period end: 31
-- July 2026." and "On the aircraft: our numbers, and how we get to them." over one registration mark promised what the
-- message never gave (blind read 27: 'a promise of our numbers, and how we get to them, then one figure'). A figure is
-- an amount with its currency, a percentage, a multiple, a decimal or a count with its unit (never a day of a date);
-- a working is a word that joins figures.
select e.artifact_id, e.path,
       'promises its figures and their working but gives '
       || len(list_distinct(list_filter(regexp_extract_all(e.body_new, '\b[A-Z]{3} [0-9][0-9,.]*[0-9]|\b[0-9][0-9,]*(?:\.[0-9]+)?(?:%|x\b| [A-Za-z]+)?'),
           lambda x: regexp_matches(x, '^[A-Z]{3} |%$|x$|\.[0-9]| [A-Za-z]+$') and not regexp_matches(x, ' (?:January|February|March|April|May|June|July|August|September|October|November|December|and|to|or|of|the|on|by|in|days?|weeks?|months?|years?|am|pm)$')))) || ' figure(s): "'
       || left(regexp_extract(e.body_new, '[^.\n]*(?:how we get to them|behind it|as we (?:have|hold|now have) them)[^.\n]*', 0), 160) || '"' as detail
from emails e
where e.artifact_id is not null
  and regexp_matches(e.body_new, '(?i)how we get to them|with the (?:figures|numbers|working) behind it|with the (?:figures|numbers) as we (?:have|hold|now have) them')
  and len(list_distinct(list_filter(regexp_extract_all(e.body_new, '\b[A-Z]{3} [0-9][0-9,.]*[0-9]|\b[0-9][0-9,]*(?:\.[0-9]+)?(?:%|x\b| [A-Za-z]+)?'),
           lambda x: regexp_matches(x, '^[A-Z]{3} |%$|x$|\.[0-9]| [A-Za-z]+$') and not regexp_matches(x, ' (?:January|February|March|April|May|June|July|August|September|October|November|December|and|to|or|of|the|on|by|in|days?|weeks?|months?|years?|am|pm)$')))) < 2
  and not regexp_matches(e.body_new, '(?i)\b(?:times|less|plus|minus|worked out|sum of|divided|multiplied|lesser of|greater of|capped at|net of)\b')
