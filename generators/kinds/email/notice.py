"""The first message of a thread that serves a notice, a demand, a claim or a termination: the notice itself, from
the record. Blind readers rejected such messages that did not carry what they exist for: the contractor's 'Notice of
delay' ("Please take this as our notice of the delay. On the documents reviewed, for the contract sum, USD 24,600,000
is used consistently ... All rights are reserved": no event, no cause, no extension claimed) and the owners' casualty
notice ("Writing to you on the barrels discharged and the date of the casualty, so that you have our position": nothing
of what happened), read 18. So the message says what happened or is claimed (the statement of the fact it carries),
on what day, under which clause where the record names one, and what the writer requires or reserves and by when."""

from __future__ import annotations

import re

from worldsmith.generators.compose import dispute
from worldsmith.generators.compose.parties import client_of, org, principal, reserves_rights, role_party
from worldsmith.generators.compose.facts import event_clause, on_its_day, said_once
from worldsmith.generators.compose.text import cap_first, strip_end
from worldsmith.generators.context import ArtifactContext, FactRef

# The kinds of paper a thread serves, by the noun its title names ('claims' is a tracker or a list, never one served).
_NOUN = re.compile(r"\b(notice|demand|claim|termination)\b", re.I)
# Who serves it: "The contractor notifies the delay", "Kestrel Bay's counsel serves the contribution demand".
_SERVED = re.compile(r"^(?P<head>[^,;.]+?)\s+(?P<verb>notifies|serves|gives|issues|sends|submits|presents|lodges|"
                     r"delivers|makes)\b(?P<obj>[^,;.]*)", re.I)
# ... or whose it is: "Kestrel Bay's formal notice of the casualty to the charterer".
_OWNED = re.compile(r"^(?P<head>[^,;.]+?)['’]s\s+(?:[\w-]+\s+){0,2}(?:notice|demand|claim|termination)\b", re.I)
_CLAUSE = re.compile(r"\b(?:[Cc]lause|[Ss]ection|[Aa]rticle|[Pp]aragraph)\s+\d+(?:\.\d+)*(?:\([\w]+\))*")
_DUE = re.compile(r"\b(?:deadline|due|respon\w*|reply|time limit|payment date)\b", re.I)
# words of a firm's name that name no one in particular ('Partners', 'Group', 'Corporation')
_GENERIC = {"the", "chie", "chief", "partn", "group", "corpo", "compa", "holdi", "assoc", "servi", "inter", "limit",
            "incor", "globa", "healt", "energ", "capit", "consu"}


def _stems(text: str) -> set[str]:
    return {w[:5].lower() for w in re.findall(r"[A-Za-z]{4,}", text)} - _GENERIC


def _names_author(ctx: ArtifactContext, phrase: str) -> bool:
    """Whether a purpose's subject ('The contractor', 'Kestrel Bay's counsel') is the author's side: the author's
    title, organisation, or the party it acts for, by name or by the role a party's description gives it."""
    mine = {ctx.author.organisation, principal(ctx, ctx.author.organisation)}
    for part in [phrase, *re.split(r"['’]s\b", phrase)[:1]]:
        part = re.sub(r"^\s*the\s+", "", part.strip(), flags=re.I)
        if not part:
            continue
        if any(_stems(part) & _stems(name) for name in mine if name):
            return True
        core = part.split()[-1]
        # (by the author's own title word for word: 'The partner' is the Partner, though a firm's 'Partners' is generic)
        if core[:5].lower() in {w[:5].lower() for w in re.findall(r"[A-Za-z]{4,}", ctx.author.title or "")}:
            return True
        if re.search(r"['’]s\b", part):
            continue
        if role_party(ctx, core) in mine:
            return True
    return False


def served_noun(ctx: ArtifactContext) -> str:
    """'notice', 'demand', 'claim' or 'termination' when the thread's first message serves one (its title names it and
    its purpose has the author's side serve it); '' otherwise."""
    spec = ctx.spec
    title = re.sub(r"^(?:\s*(?:fwd?|fw|re)\s*:\s*)+", "", getattr(spec, "title", "") or "", flags=re.I)
    purpose = getattr(spec, "purpose", "") or ""
    noun = _NOUN.search(title)
    if getattr(spec, "mode", "") != "new" or not purpose:
        return ""
    # a purpose whose first clause is the writer's side taking its stand serves it: 'The sellers object to the
    # deferral ...' under 'Notice of objection to the earn-out statement' (read 20: the notice 'objects to nothing'),
    # and 'The sellers demand interest under section 2.9 ...' under 'Late payment of the earn-out and interest' is a
    # demand whatever its title calls it (read 20: the 'demand' 'never asks for payment or cites s.2.9')
    first = next(iter(dispute.stands(ctx)), None)
    if first is not None and first.ours and first.verb == "demand" and _SERVED.match(purpose) is None:
        return "demand"
    if not noun:
        return ""
    # a paper the title says came in ('Demand received under <the guarantee>') is the other side's, passed on, never
    # served by the writer (read 30: the guarantor bank's desk sent its counsel the buyer's demand as 'We make formal
    # demand ... we reserve all our rights')
    if re.search(r"\breceived\b", title, re.I):
        return ""
    if first is not None and first.ours and dispute.disputed(first):
        return noun.group(1).lower()
    served = _SERVED.match(purpose)
    if served:
        obj = re.split(r"\s+(?:and|while|but|so)\s+", served.group("obj"))[0]
        # (another's paper sent on is not served: 'The desk sends the buyer's demand the day it arrives')
        owner = re.match(r"\s*(?:the\s+)?(?P<who>[^,;.]+?)['’]s?['’]?\s+(?:[\w-]+\s+){0,2}(?:notice|demand|claim|"
                         r"termination)\b", obj, re.I)
        if owner and not _names_author(ctx, owner.group("who")):
            return ""
        # ('The forensic accountant submits the measured loss' under a title 'claim submission' submits the claim)
        if (served.group("verb").lower() in ("notifies", "serves", "submits", "lodges") or _NOUN.search(obj)) \
                and _names_author(ctx, served.group("head")):
            return noun.group(1).lower()
    owned = _OWNED.match(purpose)
    if owned and _names_author(ctx, owned.group("head")):
        return noun.group(1).lower()
    return ""


def _parts(title: str) -> tuple[str, str]:
    """The title's part that names the paper ('Notice of delay') and the part that says what it is about ('imaging
    suite design changes'), '' when it has none or it comes first (a vessel's name before the paper)."""
    title = re.sub(r"^(?:\s*(?:fwd?|fw|re)\s*:\s*)+", "", title, flags=re.I).strip()
    parts = [p.strip() for p in re.split(r":\s+", title) if p.strip()]
    at = next((i for i, p in enumerate(parts) if _NOUN.search(p)), 0)
    about = parts[at + 1] if at + 1 < len(parts) else ""
    return parts[at] if parts else title, about


# A title naming a side's answer to a paper ("Gulf Meridian's response to the records demand").
_ANSWER = re.compile(r"^(?P<head>[^,;:]+?)['’]s\s+(?P<paper>response|reply|answer|objection|rejection)\s+"
                     r"(?P<to>(?:to|on)\s+.+)$", re.I)
# ... or a sentence of what a side does, opening with its name ("Orrindale disputes termination and demands the UAT
# milestone"; not "Revised loss and expense claim")
_SAYS = re.compile(r"^[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*){0,3}\s+[a-z]+s\s+(?:the\s+)?[a-z]")


def _named(ctx: ArtifactContext, phrase: str) -> bool:
    """Whether a title opens with a word of an organisation's or a person's name (it keeps its capital)."""
    first = re.sub(r"['’]s$", "", phrase.split()[0]) if phrase.split() else ""
    names = [o.name for o in ctx.organisations] + [p.name for p in ctx.cast]
    return bool(first) and first[:1].isupper() and any(first in n.split() for n in names)


def _event(ctx: ArtifactContext, phrase: str, about: str) -> FactRef | None:
    """The carried fact whose label or statement says what the paper is of ('the date of the casualty' for a notice of
    marine casualty), by the title's own words; None when none does."""
    words = _stems(phrase + " " + about) - {"notic", "deman", "claim", "termi", "forma", "revis"}
    best, score = None, 0
    for f in ctx.facts:
        s = 2 * len(words & _stems(f.label)) + len(words & _stems(f.statement))
        if s > score:
            best, score = f, s
    return best


def _what_happened(f: FactRef) -> str:
    """The fact's statement as the notice tells it: in full where this message establishes the fact; elsewhere without
    its working ('35% x USD 174,250,000 = USD 60,987,500' gives 'USD 60,987,500') or its last clause, since a 30-word
    statement pasted into every paper that carries it reads as a template (check fact_statement_established_only);
    '' when neither can be cut."""
    full = " ".join(strip_end(f.statement).split())
    if f.establish or not full:
        return cap_first(full) + "." if full else ""
    # (a verb before a preposition: 'the claim of June 2, 2026 totals A plus B = C' keeps 'of June 2, 2026')
    worked = re.match(r"(?P<pre>.*?\b(?:totals?|is|are|comes? to|amounts? to)\s+)(?P<work>[^=]+?)\s*=\s*(?P<res>.+)$",
                      full) or re.match(r"(?P<pre>.*?\b(?:of|at)\s+)(?P<work>[^=]+?)\s*=\s*(?P<res>.+)$", full)
    if worked:
        cut = worked.group("pre") + worked.group("res")
    else:
        clauses = re.split(r",\s+(?=[a-z])", full)
        cut = ", ".join(clauses[:-1]) if len(clauses) > 1 else ""
    return cap_first(cut) + "." if cut and len(cut.split()) >= 6 else ""


def _plain(f: FactRef) -> str:
    """A fact said plainly, by its label and value: no lead-in that hedges it ('On the documents reviewed')."""
    label = strip_end(f.label or "the figure")
    # (a name's possessive takes no article: 'The Brightwing's engine compensation figure', aircraft-redelivery)
    label = label if label.lower().startswith("the ") or re.match(r"[A-Z][\w-]*['’]s\b", label) else "the " + label
    # (an event on its day: "The distributor was terminated on February 12, 2026", never "The distributor terminated
    # was February 12, 2026", blind read 27)
    event = event_clause(f, ahead=True)
    if event:
        return f"{cap_first(event)} on {f.text}."
    verb = "was" if f.value.type == "date" and f.past else "is"
    return said_once(on_its_day(f"{cap_first(label)} {verb} {f.text}.", f), f)


def _demanded(ctx: ArtifactContext, what: str) -> FactRef | None:
    """The carried money figure a demand's object names by its label's words ('interest under section 2.9' -> the
    late payment interest), the largest where several do; None where none does."""
    words = _stems(what) - {"secti", "claus", "under", "artic", "parag"}
    found = [f for f in ctx.facts if f.value.type == "money" and words & _stems(f.label or "")]
    return max(found, key=lambda f: (len(words & _stems(f.label or "")), -len(f.label or "")), default=None)


def notice_lines(ctx: ArtifactContext, noun: str, day: str) -> list[str]:
    """The paragraphs of a served paper's first message: what it serves and what happened or is claimed, the facts it
    carries said plainly, under which clause the record names, and what is required or reserved and by when."""
    spec = ctx.spec
    phrase, about = _parts(spec.title)
    # (for whom in the end: a claims accountant engaged by the insured's counsel submits the insured's claim, not the
    # counsel's)
    client = principal(ctx, ctx.author.organisation) if client_of(ctx) else ""
    whose = "our client's" if client else "our"
    # (a title keeps a name's capital: "We make formal gulf Meridian's response", blind read 27)
    paper = phrase if re.match(r"[A-Z]{2}|[A-Z]\S*\d", phrase) or _named(ctx, phrase) else \
        phrase[:1].lower() + phrase[1:]
    paper = re.sub(r"\s+(?:submission|letter)$", "", paper)  # 'we submit our business interruption claim submission'
    stand = dispute.ours(ctx)
    asked = dispute.grounded(ctx, strip_end(stand.what)) if stand is not None and stand.verb == "demand" else ""
    answer = _ANSWER.match(phrase)
    if answer and _names_author(ctx, answer.group("head")):
        # a title naming the writer's own reply to a paper is no paper of the noun it ends in: "Gulf Meridian's
        # response to the records demand" was "We make formal gulf Meridian's response to the records demand"
        served = f"we give our {answer.group('paper').lower()} {answer.group('to')}"
    elif dispute._STAND.match(phrase) or _SAYS.match(phrase) and _named(ctx, phrase):
        # a title that is a sentence of what a side does names no paper: "We give formal notice of orrindale disputes
        # termination and demands the UAT milestone" (blind read 27); the stand is said next, in the writer's voice
        served = "we give formal notice" if noun == "notice" else f"we give formal notice in respect of the {noun}"
    elif noun == "claim":
        served = f"we submit {paper if paper.startswith(('the ', 'our ')) else whose + ' ' + paper}"
    elif asked and not _NOUN.search(spec.title):
        # (the thing demanded, where the title names no demand: 'we make formal demand for interest under section 2.9')
        served, about = f"we make formal demand for {asked}", ""
    elif noun == "demand":
        served = f"we make formal {re.sub(r'^(?:the|a|our) ', '', paper)}"
    else:
        paper = paper if _NOUN.match(paper) and not paper.lower().startswith("termination") else "notice of " + paper
        served = f"we give formal {re.sub(r'^(?:the|a|our) ', '', paper)}"
    if about:
        served += f" in respect of {about if re.match(r'[A-Z]|the ', about) else 'the ' + about}"
    first = (f"On behalf of {client}, {served}." if client else cap_first(served) + ".")
    event = _event(ctx, phrase, about)
    told = [first]
    # the point in dispute, as the writer's side takes it, before any figure: the undisputed terms are the working
    point = dispute.disputed(stand) if stand is not None else ""
    if point:
        told.append(dispute.said(ctx, stand))
        event = None
    carried: set[str] = set()
    said = _what_happened(event) if event is not None else ""
    if said:
        told.append(said)
        if event.text in said:
            carried.add(event.id)
    # (a value the lines above already give is not said again: "in respect of M/T Aurelian Tide. ... The vessel is M/T
    # Aurelian Tide.")
    carried |= {f.id for f in ctx.facts if f.text and f.text in " ".join(told)}
    # the clause it is given under, where the title, the purpose or the event's statement names one
    clause = _CLAUSE.search(" ".join([spec.title, getattr(spec, "purpose", "") or ""]))
    if clause and not (event is not None and clause.group(0) in event.statement) and \
            clause.group(0).lower() not in " ".join(told).lower():
        told.append(f"It is given under {clause.group(0)}.")
    due = next((f for f in ctx.facts if f.value.type == "date" and not f.past and _DUE.search(f.label or "")
                and f.id not in carried), None)
    by = due.text if due is not None else day
    if due is not None:
        carried.add(due.id)
    dated = next((f for f in ctx.facts if f.value.type == "date" and f.id not in carried), None)
    rest = [_plain(f) for f in ctx.facts if f.id not in carried and not (
        re.search(r"\bdelay", phrase, re.I) and f is dated)]
    # (only a party or its lawyers reserve rights: a claims consultant submitting its client's claim wrote "our
    # client's rights are reserved meanwhile", roles3's read at seed 31)
    rights = "" if not reserves_rights(ctx) else f"{whose} rights are reserved" if client else "we reserve all our rights"
    # the sum a demand is for: the carried figure the thing demanded names ('interest' -> the late payment interest)
    sum_ = _demanded(ctx, asked) if asked else None
    reader = ctx.to[0] if ctx.to else None
    yours = "your client" if reader is not None and (o := org(ctx, reader.organisation)) is not None and o.acts_for \
        else "you"
    if sum_ is not None:
        wants = f"We require payment of {sum_.text} by {by}" + (f"; {rights}." if rights else ".")
    elif point:
        # an objection asks for what it objects to be put right, by a day (read 20: 'objects to nothing')
        paper_ = dispute.objects_to(spec.title)
        wants = (f"We ask {yours} to revise {paper_} accordingly by {by}" if paper_ else
                 f"We ask {yours} to withdraw {point} by {by}") + (f"; {rights}." if rights else ".")
    elif noun == "demand" and due is not None and re.search(r"payment", due.label or "", re.I):
        wants = f"We require payment of the sum demanded by {by}" + (f"; {rights}." if rights else ".")
    elif noun == "demand":
        wants = f"We require your written response to the demand by {by}" + (f"; {rights}." if rights else ".")
    elif noun == "claim":
        wants = f"We ask for your response to the claim by {by}" + (f"; {rights} meanwhile." if rights else ".")
    elif noun == "termination":
        wants = f"Please acknowledge the termination by {by}" + (f"; {rights}." if rights else ".")
    elif re.search(r"\bdelay", phrase, re.I):
        # a notice of delay claims the time it costs ("no extension claimed", read 18)
        past = f" beyond the {strip_end(dated.label).removeprefix('the ')} of {dated.text}" if dated is not None else ""
        wants = (f"We reserve {whose} entitlement to an extension of time{past} and to the costs of the delay, and will "
                 f"send full particulars by {by}.")
    else:
        wants = f"Please acknowledge this notice by {by}" + (f"; {rights}." if rights else ".")
    wants = cap_first(wants)
    out = [" ".join(told)]
    if rest:
        out.append(" ".join(rest))
    out.append(wants)
    return out
