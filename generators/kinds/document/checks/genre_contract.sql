-- id: genre_contract
-- severity: error
-- description: a document whose title names a genre (a notice, a demand, a response, a request, submissions, a determination, an award, an audit report, minutes) does that genre's job: its text has each part the genre's contract asks for
-- The contract is generators/kinds/document/contracts.yaml, which the composer fills from the plan; the rows below are
-- that table (tests/generators/test_genre_contract.py keeps them equal). A title takes the first genre, by order,
-- whose title pattern it matches and whose `unless` pattern it does not; a paper attached to an email is read as its
-- .docx is.
with contract(ord, genre, title_pattern, unless_pattern, part, pattern) as (values
    (1, 'statutory form', '^\s*(?i:draft\s+)?(?i:form)\s+([A-Z]{1,3}|[0-9]{1,3}[A-Za-z]?)\b', '', 'words of certification', '(?i)\b(I|we),? [^.]{0,160}\bcertif(y|ies)\b|\bhereby certif'),
    (1, 'statutory form', '^\s*(?i:draft\s+)?(?i:form)\s+([A-Z]{1,3}|[0-9]{1,3}[A-Za-z]?)\b', '', 'the facts recited', '(?m)^1\. '),
    (1, 'statutory form', '^\s*(?i:draft\s+)?(?i:form)\s+([A-Z]{1,3}|[0-9]{1,3}[A-Za-z]?)\b', '', 'verification', '(?i)\bverif(y|ies|ied)\b'),
    (2, 'notice of delay', '(?i)\bnotice of (claim for )?delay\b|\bdelay notice\b', '(?i)\b(response|reply|responding|memo|minutes|summary)\b', 'the event the delay arose from', '(?i)\b(arose from|arising from|caused by|due to|because of|attributable to|resulting from)\b'),
    (2, 'notice of delay', '(?i)\bnotice of (claim for )?delay\b|\bdelay notice\b', '(?i)\b(response|reply|responding|memo|minutes|summary)\b', 'the time claimed', '(?i)\b[0-9]+ (calendar |working |business )?(days|weeks)\b'),
    (2, 'notice of delay', '(?i)\bnotice of (claim for )?delay\b|\bdelay notice\b', '(?i)\b(response|reply|responding|memo|minutes|summary)\b', 'the sum or relief claimed', '(?i)(USD|GBP|EUR|CHF|AUD|CAD|SGD|HKD|INR|\$|£|€) ?[0-9]|\bextension of (time|the contract time)\b'),
    (3, 'notice of arbitration', '(?i)\bnotice of arbitration\b|\brequest for arbitration\b', '(?i)\b(response|reply|answer)\b', 'commencement', '(?i)\b(commences?|commencing|refers?|referring|submits?) (the|this|these|its|a)?\s*(dispute|disputes|claim|claims|matter)s? (to|for) arbitration\b|\bhereby (commences|gives notice of) (the )?arbitration\b'),
    (3, 'notice of arbitration', '(?i)\bnotice of arbitration\b|\brequest for arbitration\b', '(?i)\b(response|reply|answer)\b', 'agreement to arbitrate', '(?i)\b(clause|article|section)\s+[0-9ivx]+|\barbitration (clause|agreement)\b|\brules\b'),
    (3, 'notice of arbitration', '(?i)\bnotice of arbitration\b|\brequest for arbitration\b', '(?i)\b(response|reply|answer)\b', 'relief claimed', '(?i)\b(claims?|seeks?|relief|award of)\b'),
    (3, 'notice of arbitration', '(?i)\bnotice of arbitration\b|\brequest for arbitration\b', '(?i)\b(response|reply|answer)\b', 'appointment', '(?i)\b(appoints?|appointed|nominates?|nominated|nomination|sole arbitrator|tribunal)\b'),
    (4, 'award', '(?i)\baward\b', '(?i)\b(memo|response|reply|request|notice|comments?|letter)\b', 'the order', '(?i)\b(award(s|ed)? and direct|order(s|ed)?|direct(s|ed)?)\b'),
    (4, 'award', '(?i)\baward\b', '(?i)\b(memo|response|reply|request|notice|comments?|letter)\b', 'the sum ordered', '(USD|GBP|EUR|CHF|AUD|CAD|SGD|HKD|\$|£|€) ?[0-9]'),
    (4, 'award', '(?i)\baward\b', '(?i)\b(memo|response|reply|request|notice|comments?|letter)\b', 'costs', '(?i)\bcosts\b'),
    (4, 'award', '(?i)\baward\b', '(?i)\b(memo|response|reply|request|notice|comments?|letter)\b', 'reasons', '(?i)\breasons?\b|\bfind(s|ing|ings)?\b|\bconclude\b'),
    (5, 'expert determination', '(?i)\bdetermination\b', '(?i)\b(memo|response|reply|request|notice|comments?|representations?|submissions?)\b', 'the question', '(?i)\b(question|to determine|referred|reference)\b'),
    (5, 'expert determination', '(?i)\bdetermination\b', '(?i)\b(memo|response|reply|request|notice|comments?|representations?|submissions?)\b', 'the reasons', '(?i)\breasons?\b|\bbecause\b|\bI (find|prefer|accept|reject)\b'),
    (5, 'expert determination', '(?i)\bdetermination\b', '(?i)\b(memo|response|reply|request|notice|comments?|representations?|submissions?)\b', 'the figure determined', '(?i)\b(determin(e|es|ed)|grants?|granted|fix(es|ed)?|assess(es|ed)?)\b[^.]*[0-9]'),
    (6, 'submissions', '(?i)^([\w-]+[''’]?s?\s+){0,3}(submissions?|(counter-)?representations?|defen[cs]e)\b', '(?i)\b(memo|response to|reply to|request|letter|tender)\b', 'the case put', '(?i)\b(submits?|submit that|contends?|says that|case is|contests?|disputes?|rejects?|denies|denied|admits?|our case|its case)\b'),
    (6, 'submissions', '(?i)^([\w-]+[''’]?s?\s+){0,3}(submissions?|(counter-)?representations?|defen[cs]e)\b', '(?i)\b(memo|response to|reply to|request|letter|tender)\b', 'the relief sought', '(?i)\b(invited to|invites?|asks? the|ask(s)? that|respectfully|should (determine|find|dismiss|reject)|to dismiss|claim (is|be) dismissed|determine the|AND THE)\b'),
    (7, 'request', '(?i)\brequest (for|of)\b|\bdocument requests?\b', '(?i)\b(response|reply|refusal)\b', 'the items requested', '(?i)(\((a|1|i)\)|^ *1\. |\n *1\. )|\b(send|provide|produce|let us have|carry out|conduct|confirm)\b'),
    (7, 'request', '(?i)\brequest (for|of)\b|\bdocument requests?\b', '(?i)\b(response|reply|refusal)\b', 'why they are asked for', '(?i)\b(so that|in order to|because|so we can|cannot (verify|check|assess)|to (verify|check|assess|test)|on the grounds?|grounds set out)\b'),
    (8, 'response', '(?i)\b(response|reply|responding|answer) to\b|\bresponse$', '', 'the paper answered', '(?i)\b(your|the) (letter|notice|demand|draft|findings?|report|claim|offer|email)\b|\brespond(s|ing)? to\b|\breply to\b'),
    (8, 'response', '(?i)\b(response|reply|responding|answer) to\b|\bresponse$', '', 'each point answered', '(?i)\b(agrees?|accepts?|accepted|disputes?|disputed|rejects?|rejected|denies|deny|denied|do(es)? not accept|objects?|concedes?|admits?)\b'),
    (9, 'demand', '(?i)\b(demand|letter (of|before) claim|notice of claim|claim for)\b', '(?i)\b(response|reply|responding|memo|minutes)\b', 'the sum claimed', '(USD|GBP|EUR|CHF|AUD|CAD|SGD|HKD|\$|£|€) ?[0-9]'),
    (9, 'demand', '(?i)\b(demand|letter (of|before) claim|notice of claim|claim for)\b', '(?i)\b(response|reply|responding|memo|minutes)\b', 'the ground of the claim', '(?i)\b(under|pursuant to|in breach of|breach|clause|section|article|para|schedule|because|liable|liability|entitled|entitlement|owed|due)\b'),
    (9, 'demand', '(?i)\b(demand|letter (of|before) claim|notice of claim|claim for)\b', '(?i)\b(response|reply|responding|memo|minutes)\b', 'the date for payment or reply', '(?i)\bby (Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|[0-9]{1,2} [A-Z][a-z]+|[A-Z][a-z]+ [0-9]{1,2})|\bwithin [0-9a-z]+ (days|working days|business days)\b'),
    (10, 'notice', '(?i)\bnotice of\b|\bnotice$', '(?i)\b(response|reply|responding|memo|minutes|summary)\b|\b(pricing|allocation|privacy|information)\s+notice\b', 'what is noticed', '(?i)\b(give|gives|giving|hereby|serve|serves) (you )?(notice|formal notice)\b|\bnotice is (given|hereby)\b|\bthis notice\b'),
    (10, 'notice', '(?i)\bnotice of\b|\bnotice$', '(?i)\b(response|reply|responding|memo|minutes|summary)\b|\b(pricing|allocation|privacy|information)\s+notice\b', 'the provision it is given under', '(?i)\b(clause|clauses|sub-clause|section|sections|para|paragraph|article|schedule|condition|rule|regulation|GC|SC)\s+[0-9ivx]|\b(is|are) (given|made|served) (under|pursuant to) (the|its|our|your)\b[^.]{0,80}\b(agreement|contract|lease|policy|charter|charter party|licen[cs]e|guarantee|deed|conditions|act|regulations|rules)\b'),
    (10, 'notice', '(?i)\bnotice of\b|\bnotice$', '(?i)\b(response|reply|responding|memo|minutes|summary)\b|\b(pricing|allocation|privacy|information)\s+notice\b', 'the step it requires or takes', '(?i)\bnotice that [^.]*\b(will|shall)\b|\b(require|requires|required|must|disputes|terminates|rejects|withdraws|failing which|with effect from|hereby|will (audit|inspect|claim|terminate|refer|commence)|may (ask|appeal|request)|is to (pay|remedy|be)|please (pay|remedy|confirm|send|provide|make)|refer the dispute|to be (paid|remedied|referred))\b'),
    (11, 'audit report', '(?i)\baudit (report|findings)\b|\b(audit|review) report\b', '(?i)\b(demand|response|reply|notice|memo|minutes|payment|decision)\b', 'what was audited', '(?i)\b(scope|period|covered|records|sample|tested|examined|reviewed)\b'),
    (11, 'audit report', '(?i)\baudit (report|findings)\b|\b(audit|review) report\b', '(?i)\b(demand|response|reply|notice|memo|minutes|payment|decision)\b', 'findings', '(?i)\bfinding(s)?\b'),
    (11, 'audit report', '(?i)\baudit (report|findings)\b|\b(audit|review) report\b', '(?i)\b(demand|response|reply|notice|memo|minutes|payment|decision)\b', 'a figure found', '(USD|GBP|EUR|CHF|AUD|CAD|SGD|HKD|\$|£|€) ?[0-9]|\b[0-9][0-9,.]* ?(units|hours|days|weeks|months|%|per ?cent)'),
    (11, 'audit report', '(?i)\baudit (report|findings)\b|\b(audit|review) report\b', '(?i)\b(demand|response|reply|notice|memo|minutes|payment|decision)\b', 'a conclusion', '(?i)\b(conclusion|conclude|concluded|in our opinion|we find|opinion)\b'),
    (12, 'minutes', '(?i)\bminutes\b|\bnotes and actions\b|\battendance note\b', '', 'who attended', '(?i)\b(attendees|attending|present|attendance|in attendance)\b'),
    (12, 'minutes', '(?i)\bminutes\b|\bnotes and actions\b|\battendance note\b', '', 'what was decided or is to be done', '(?i)\b(agreed|decided|resolved|actions?|to (send|prepare|confirm|circulate|draft|review))\b')
),
named as (
    select a.id, d.path, d.text, min(c.ord) as ord
    from artifacts a
    join documents d on d.artifact_id = a.id
    join contract c on regexp_matches(a.title, c.title_pattern)
                   and (c.unless_pattern = '' or not regexp_matches(a.title, c.unless_pattern))
    where a.kind = 'document'
    group by a.id, d.path, d.text
)
select n.id as artifact_id, n.path,
       'the title names the genre "' || c.genre || '", but the text lacks ' || c.part as detail
from named n
join contract c on c.ord = n.ord
where not regexp_matches(coalesce(n.text, ''), c.pattern)
