"""A party's written submissions to an independent expert, an arbitrator or a tribunal: addressed to the neutral,
in the party's name, putting its figure with its working and its ground, meeting the other side's figure on the input
they differ on, and closing on what the neutral is invited to decide (read 16: the tenant's submissions to the expert
came out as an adviser's report that 'recommend[ed] contesting the tenant's proposed rent' and asked the tenant's
solicitor to 'confirm instructions'). Every figure is the plan's; nothing is recommended to anyone."""

from __future__ import annotations

import re

from worldsmith.generators.compose import dispute
from worldsmith.generators.compose.genres import head_noun
from worldsmith.generators.compose.parties import neutral, principal
from worldsmith.generators.compose.substance.argue import _ROLES, _inputs, _pair, owner_of
from worldsmith.generators.compose.substance.common import derivation, figures, gist, label, plain
from worldsmith.generators.compose.text import cap_first
from worldsmith.generators.context import ArtifactContext

# A submissions paper's headings where the genre's are an adviser's.
HEADINGS = {"summary": "Introduction", "background": "The Facts", "analysis": "Submissions",
            "findings": "Submissions", "risks": "The Other Side's Case", "recommendation": "Conclusion",
            "next_steps": "Documents Relied On", "options": "Alternative Submission"}


# a court or tribunal the matter names ('a Federal Court of Australia shareholder class action', 'the High Court')
_COURT = re.compile(r"\b((?:[A-Z][\w'-]*\s+){0,4}(?:Court|Tribunal)(?:\s+of\s+(?:[A-Z][\w'-]*\s*){1,3})?)")


def court_of(ctx: ArtifactContext) -> str:
    """The court or tribunal the matter's title or summary names, as named ('Federal Court of Australia'); ''."""
    m = _COURT.search(f"{ctx.world_title} {ctx.world_summary}")
    return " ".join(m.group(1).split()) if m else ""


def is_submissions(ctx: ArtifactContext) -> bool:
    """Whether the paper is a party's submissions to a neutral who decides (an expert, an arbitrator, a tribunal):
    one among its readers, else the court the matter names (blind read 29: an applicant's submissions to the Court,
    none of whose readers was the Court, came out as an internal memo sent to the funder)."""
    said = f"{ctx.spec.title} {getattr(ctx.spec, 'doc_type', '')}"
    # (a party's submissions by their title are the party's, whatever else its lawyers are: solicitors who are also
    # the scheme's court-appointed administrator)
    party = _PARTY_SUBMITS.search(ctx.spec.title) is not None
    return re.search(r"\bsubmissions?\b", said, re.I) is not None and \
        (party or not neutral(ctx, ctx.author.organisation)) and \
        (any(neutral(ctx, p.organisation) or _oversees(ctx, p.organisation) for p in ctx.to) or
         bool(court_of(ctx)) and head_noun(ctx.spec.title) in ("submissions", "submission"))


def _oversees(ctx: ArtifactContext, name: str) -> bool:
    """Whether an organisation is an authority that decides on the party under a statute (a regulator's inquiry): a
    party's submissions to it are submissions, as to a tribunal."""
    from worldsmith.generators.sides import public_body

    here = next((o for o in ctx.organisations if o.name == name), None)
    return here is not None and public_body(here.role)


_PARTY_SUBMITS = re.compile(r"\b(?P<role>applicant|claimant|respondent|defendant|plaintiff|appellant|petitioner|"
                            r"tenant|landlord|owner|charterer|buyer|seller)s?['\u2019]s?\s+(?:\w+\s+)?submissions?\b",
                            re.I)


def _party_word(ctx: ArtifactContext, party: str) -> str:
    """How the party is named in its own submissions: 'the Tenant' where its role gives one, else its name."""
    role = next((o.role for o in ctx.organisations if o.name == party), "")
    word = next((w for w in _ROLES if re.search(rf"\b{w}\b", role, re.I)), "")
    return f"the {cap_first(word)}" if word else party


def _because(f) -> str:
    """The ground a statement gives for its figure ('..., once the comparables' rent-free periods are adjusted for'),
    as a sentence on the figure; '' where it gives none."""
    m = re.search(r",\s+((?:once|because|since|on the ground that|after|given that)\b[^.;]{8,200})", f.statement)
    return f"{label(f)} is {f.text}, {m.group(1).strip()}" if m else ""


def evidence(f) -> str:
    """A named thing with the figures its statement gives for it, in a sentence of the paper's own ('The principal
    comparable is Quayside Point second floor, which shows a headline rent of GBP 36.00 per sq ft but came with 24
    months rent free on a 10-year term, a net effective rent of GBP 28.80 per sq ft'), where submissions gave the
    name alone ('The principal comparable: Quayside Point second floor.', blind read 17: 'no comparables
    analysis'); '' where its statement gives no figure beyond its subject, or its value has changed over time (a
    statement's figure may be another day's)."""
    if f.value.type != "text" or f.superseded:
        return ""
    said = " ".join(f.statement.split()).rstrip(".")
    # the statement's predicate after its subject and the subject's apposition: 'The closest comparable, the second
    # floor of Quayside Point let in September 2025, shows ...' -> 'shows ...'
    m = re.match(r"^(?:The|A|An|Its|Our|Their)\s[^,]{2,60},\s[^,]{4,120},\s(?P<pred>[a-z].*\d.*)$", said)
    if m is None:
        return ""
    return f"{cap_first(label(f))} is {f.text}, which {m.group('pred')}."


def _bare(name: str) -> str:
    """What the neutral decides, without the party's possessive: 'the tenant's proposed rent' -> 'the rent'."""
    bare = re.sub(r"(?i)^(?:the )?[\w-]+['’]s (?:proposed |revised |own )?", "", name)
    return f"the {bare}" if bare != name else name


def submissions_bodies(ctx: ArtifactContext, plan: list[tuple[str, str]]) -> dict[int, list[str]]:
    """The sections of a party's submissions by kind: who submits what to whom, the facts, the case, the other
    side's case met, the determination invited."""
    party = principal(ctx, ctx.author.organisation)
    us = _party_word(ctx, party)
    neutral_reader = next((p for p in ctx.to if neutral(ctx, p.organisation) and
                           p.organisation != ctx.author.organisation), None)
    named = _PARTY_SUBMITS.search(ctx.spec.title)
    if named is not None and neutral(ctx, ctx.author.organisation):
        # (the party the title names, where the author's house also holds a neutral office: its solicitors)
        party = us = f"the {cap_first(named.group('role').lower())}"
    to = f"{neutral_reader.name}, {neutral_reader.title}" if neutral_reader is not None else \
        f"the {court_of(ctx)}" if court_of(ctx) else "the expert"
    # (a figure named for the solicitors a party acts through is the party's: the owners' claim submissions, whose
    # net demurrage the record gives to their solicitors, came out as an adviser's report, blind read 26: 'Served
    # submissions that "recommend", set Jeremy's file-note deadlines')
    own = [f for f in figures(ctx.facts) if owner_of(ctx, f) and principal(ctx, owner_of(ctx, f)) == party]
    theirs = [f for f in figures(ctx.facts) if owner_of(ctx, f) and principal(ctx, owner_of(ctx, f)) != party]
    if not own:
        return _stand_bodies(ctx, plan, party, us, to) or _purpose_bodies(ctx, plan, party, us, to)
    head = max(own, key=lambda f: bool(f.reason))
    how = derivation(head, ctx.facts)
    case = f"{us} submits that {_bare(label(head))} should be determined at {head.text}" + (f", being {how}" if how else "")
    ground = gist(head, ctx.facts)
    facts = [f for f in ctx.facts if f.value.type in ("text", "date") or (f not in own and f not in theirs
                                                                          and not owner_of(ctx, f))]
    # the facts the case rests on, each as the record states it where this paper sets it out (blind read 26: with no
    # section of facts, the owners' submissions scattered them as 'As the papers stand, ...' under every heading)
    kinds = [k for _, k in plan]
    agreed = [evidence(f) or (cap_first(" ".join(f.statement.split())) if f.establish and f.text in f.statement
                              else f"{cap_first(label(f))}: {f.text}.")
              for f in facts]
    met: list[str] = []
    for f in theirs[:2]:
        pair = next(((x, y) for x in _inputs(head) for y in _inputs(f) if _pair(ctx, x, y)), None)
        if pair is not None:
            x, y = pair
            met.append(f"{owner_of(ctx, f)}'s figure of {f.text} rests on {y.label} of {y.text}; {us} says the "
                       f"evidence supports {x.label} of {x.text}, and on that input alone the figure is {head.text}.")
        else:
            met.append(f"{owner_of(ctx, f)} puts {label(f)} at {f.text}. {us} does not accept it, for the reasons "
                       f"given under Submissions.")
    invited = f"For these reasons the {_bare_neutral(to)} is invited to determine {_bare(label(head))} at {head.text}."
    out: dict[int, list[str]] = {}
    for i, (_, k) in enumerate(plan):
        if k == "summary":
            out[i] = [f"These are the submissions of {party}{f' ({us})' if us != party else ''} to {to}. {case}."]
        elif k in ("background", "scope"):
            out[i] = agreed or [f"The facts are as set out in the papers served with these submissions."]
        elif k in ("analysis", "findings"):
            grounds = [g for g in (gist(f, ctx.facts) or _because(f) for f in own if f is not head) if g][:2]
            out[i] = [cap_first(f"{ground}.") if ground else cap_first(f"{case}.")] + [cap_first(f"{g}.") for g in grounds] or \
                [f"{cap_first(label(f))} is {f.text}." for f in own if f is not head][:2]
            if "recommendation" not in kinds and kinds.index(k) == i:
                # (submissions end on what the neutral is asked to decide, whatever their plan's headings)
                out[i] = out[i] + [invited]
            if not {"background", "scope"} & set(kinds) and agreed and kinds.index(k) == i:
                # (the case itself is the introduction's: here what it rests on)
                out[i] = [p for p in out[i] if p.rstrip(".").lower() != case.lower()] + [f"{cap_first(us)} relies on these facts."] + \
                    agreed
        elif k == "risks":
            out[i] = met or [cap_first(f"{us} will answer the other side's submissions in its counter-submissions.")]
        elif k == "recommendation":
            out[i] = [invited]
        elif k == "next_steps":
            out[i] = [cap_first(f"{us} relies on the documents referred to above, copies of which are served with "
                                f"these submissions on the other party at the same time.")]
        elif k == "options":
            out[i] = [f"If the expert is against {us} on the input in issue, {us} submits that the figure should "
                      f"still be worked from the inputs that are common ground."]
    return _agree(out, us)


def _agree(out: dict[int, list[str]], us: str) -> dict[int, list[str]]:
    """The paper's verbs after a party named in the plural ('the Owners submit', never 'the Owners submits')."""
    if not re.search(r"s$", us) or not us.startswith("the "):
        return out
    plural = {"submits": "submit", "relies": "rely", "makes": "make", "does": "do", "says": "say", "will answer the other side's "
              "submissions in its": "will answer the other side's submissions in their"}
    pattern = re.compile(rf"(?i)\b({re.escape(us)}) (" + "|".join(re.escape(v) for v in plural) + r")\b")
    return {i: [pattern.sub(lambda m: f"{m.group(1)} {plural[m.group(2).lower()]}", p) for p in ps]
            for i, ps in out.items()}


def _stand_bodies(ctx: ArtifactContext, plan: list[tuple[str, str]], party: str, us: str,
                  to: str) -> dict[int, list[str]]:
    """Submissions on a point that is no figure of the party's own ('The sellers' case that the licence fees are FY2025
    revenue'): the case as the purpose states it, the figures it carries as the common ground they are, and the
    determination invited on it (read 20: a submission to the independent accountant with 'no argument ..., only the
    threshold and multiple'); {} where the purpose states no stand of the party's."""
    stand = dispute.ours(ctx)
    if stand is None:
        return {}
    what = stand.what.rstrip(". ")
    case = f"{us} submits that {what}" if stand.verb == "case" else f"{us} {dispute.said(ctx, stand).split(' ', 2)[-1]}"
    case = case.rstrip(".")
    agreed = [f"{cap_first(label(f))}: {f.text}." for f in ctx.facts if not owner_of(ctx, f)][:4]
    theirs = next((s for s in dispute.stands(ctx) if not s.ours), None)
    kinds = [k for _, k in plan]
    # with no section of facts, the facts the case rests on go under its submissions, each as the record states it
    # where this paper sets it out
    facts = [] if {"background", "scope"} & set(kinds) else \
        [cap_first(" ".join(f.statement.split())) if f.establish and f.text in f.statement else
         f"{cap_first(label(f))}: {f.text}." for f in ctx.facts]
    out: dict[int, list[str]] = {}
    for i, (_, k) in enumerate(plan):
        if k == "summary":
            out[i] = [f"These are the submissions of {party}{f' ({us})' if us != party else ''} to {to}. {case}."]
        elif k in ("background", "scope"):
            out[i] = (["The following is common ground, and nothing in the dispute turns on it."] + agreed) if agreed \
                else ["The facts are as set out in the papers served with these submissions."]
        elif k in ("analysis", "findings"):
            points = _points(what) if stand.verb == "case" else []
            out[i] = ([f"{cap_first(us)} makes {_COUNT[len(points)]} submissions."] +
                      [f"{_ORDINAL[n]}, {p.rstrip('.')}." for n, p in enumerate(points)]) if len(points) > 1 else \
                [f"The question for the {_bare_neutral(to)} is whether {what}; {us} submits that it is."
                 if stand.verb == "case" else cap_first(f"{case}.")]
            if kinds.index(k) == i and facts:
                out[i] = out[i] + [f"{cap_first(us)} relies on these facts."] + facts
        elif k == "risks" and theirs is not None:
            out[i] = [f"The other party's position is that it may {theirs.verb} {theirs.what.rstrip('. ')}. {us} does "
                      f"not accept it, for the reasons given under Submissions."]
        elif k == "recommendation":
            out[i] = [f"For these reasons the {_bare_neutral(to)} is invited to determine "
                      f"{'that ' + what if stand.verb == 'case' else 'the point in dispute accordingly'}."]
        elif k == "next_steps":
            out[i] = [cap_first(f"{us} relies on the documents referred to above, copies of which are served with "
                                f"these submissions on the other party at the same time.")]
    return _agree(out, us)


_COUNT = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
_ORDINAL = ("First", "Second", "Third", "Fourth", "Fifth", "Sixth")


def _points(what: str) -> list[str]:
    """A case of several points, each its own clause ('the notice was invalid, laytime ran only from the start of
    discharge, the claim was time-barred ...'): its clauses; [what] where a comma joins no clauses."""
    parts = [p.strip() for p in re.split(r",\s+(?:and\s+)?", what)]
    if len(parts) < 2 or len(parts) > len(_ORDINAL) or any(len(p.split()) < 3 or not p[:1].islower() for p in parts):
        return [what]
    return parts


def _bare_neutral(to: str) -> str:
    """The neutral by the title it decides under ('Independent Surveyor' -> 'independent surveyor'), else 'expert'."""
    title = to.split(", ", 1)[-1] if ", " in to else ""
    return title.lower() if title else "expert"


def _sought(ctx: ArtifactContext) -> str:
    """What the submissions ask the court to accept, from their purpose ('Why the settlement is fair and reasonable,
    with ...' -> 'the settlement is fair and reasonable'), else from their title ('... in support of settlement
    approval' -> 'settlement approval should be granted'); '' where neither says."""
    purpose = " ".join((ctx.spec.purpose or "").split())
    m = re.match(r"(?i)why\s+(?P<c>[^,;.]+?)(?:,|;|\.|$)", purpose)
    if m:
        return m.group("c").strip()
    m = re.search(r"(?i)\bin support of (?:the\s+|an?\s+)?(?P<w>[^:(]+)", ctx.spec.title)
    return f"the {m.group('w').strip()} should be granted" if m else ""


def _purpose_bodies(ctx: ArtifactContext, plan: list[tuple[str, str]], party: str, us: str,
                    to: str) -> dict[int, list[str]]:
    """Submissions to a court on what their purpose asks it to accept, where the party argues no figure of its own
    against another's (blind read 29: an applicant's submissions in support of a settlement's approval came out as an
    internal memo that recommended 'contesting' the funder's rate and was sent to the funder): who submits what to
    the court, the facts as the record states them, each figure as a submission, and the orders invited, in numbered
    paragraphs; {} where neither purpose nor title says what is sought."""
    sought = _sought(ctx)
    if not sought:
        return {}
    facts = [cap_first(" ".join(f.statement.split())) if f.establish and f.text in f.statement
             else f"{cap_first(label(f))}: {f.text}." for f in ctx.facts]
    points = [cap_first(plain(f)) + (f", being {derivation(f, ctx.facts)}" if f.reason else "") + "."
              for f in figures(ctx.facts)]
    kinds = [k for _, k in plan]
    last = max((i for i, k in enumerate(kinds) if k in ("recommendation", "analysis", "findings")), default=len(plan) - 1)
    invited = f"For these reasons {us} submits that {sought}, and invites {to} to make orders accordingly."
    out: dict[int, list[str]] = {}
    for i, (_, k) in enumerate(plan):
        if k == "summary" or i == 0:
            out[i] = [f"These are the submissions of {party}{f' ({us})' if us != party else ''} to {to}. {cap_first(us)} "
                      f"submits that {sought}."]
        elif k in ("background", "scope") and kinds.index(k) == i:
            out[i] = facts or ["The facts are as set out in the affidavits filed with these submissions."]
        elif k in ("analysis", "findings") and kinds.index(k) == i:
            out[i] = [f"{cap_first(us)} submits as follows."] + (points or [f"{cap_first(sought)}."])
        elif k == "next_steps" and kinds.index(k) == i:
            out[i] = [f"{cap_first(us)} relies on the affidavits and the documents referred to above, filed and served "
                      f"with these submissions."]
        elif k == "recommendation" and kinds.index(k) == i:
            out[i] = [invited]
    if "recommendation" not in kinds:
        out[last] = out.get(last, []) + [invited]
    # (numbered paragraphs, as a court's submissions are)
    n = 0
    for i in sorted(out):
        numbered = []
        for p in out[i]:
            n += 1
            numbered.append(f"{n}. {p}")
        out[i] = numbered
    return _agree({i: ps for i, ps in out.items()}, us)
