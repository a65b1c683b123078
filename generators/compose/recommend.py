"""A document's recommendation from its purpose: "The deal team's recommendation to invest at the revised price"
becomes "We recommend that the Committee approve the proposal to invest at the revised price, with the revised
enterprise value at GBP 177,500,000." The engine's figure is the ledger's; the words are the purpose's."""

from __future__ import annotations

import re

from worldsmith.generators.compose.bank import Picker, bank
from worldsmith.generators.compose.facts import agree
from worldsmith.generators.compose.genres import Writer
from worldsmith.generators.compose.parties import client_of
from worldsmith.generators.compose.text import cap_first, strip_end
from worldsmith.generators.context import ArtifactContext, FactRef

# "recommendation to <verb ...>", "recommendation that <clause>", "recommends [that] <...>", up to the first
# comma, semicolon, colon, stop or " with the " (the rest of a purpose says what else the document holds).
_TO = re.compile(r"\brecommendation\s+to\s+(?P<x>[^,;:.()]+)", re.I)
_THAT = re.compile(r"\brecommend(?:s|ation)?\s+that\s+(?P<x>[^,;:.()]+)", re.I)
_BARE = re.compile(r"\brecommends\s+(?!that\b|whether\b|on\s+whether\b)(?P<x>[^,;:.()]+)", re.I)
# a purpose that asks the paper to decide ('recommends whether to reject a limit offer and sue') is answered as a
# decision, never echoed (read 25, an unseen CMR outline: 'we recommend whether to reject a limit offer and sue')
_WHETHER = re.compile(r"\brecommend(?:s|ation)?\s+(?:on\s+)?whether\s+(?P<x>[^,;:.()]+)", re.I)
_SHOULD = re.compile(r"^(?P<who>(?:[A-Z][\w'&.-]*\s*)+|the\s+\w+(?:\s+\w+)?)\s+should\s+(?P<do>.+)$")
# a paper that argues a position concludes on it: 'argues that recall costs fall under the Section 11.2 indemnity,
# which Section 12.4 takes outside the cap' (read 12: a memo on the carve-out that 'advises the client to accept the cap')
_ARGUES = re.compile(r"\b(?:argues|contends|concludes|shows)\s+that\s+(?P<x>[^;:()]+?)(?=\.(?:\s|$)|;|$)", re.I)
# the paper's own acts after its view, by the same subject ('Argues that a grocery kiosk is a retail outlet ..., that
# the implied covenant ... bars Hearthmill from diverting the territory's sales, and sets out the damages' was said 'Our
# view is that a grocery kiosk is ..., and sets out the damages and the weakness of the royalty credit, and we
# recommend ...': franchise-encroachment at seed 61)
_PAPER_ACTS = re.compile(r"(?:,\s+(?:and\s+)?|\s+and\s+)(?:sets out|explains|advises|recommends|gives|weighs|considers|addresses|"
                         r"reviews|summari[sz]es|lists|notes|identifies|proposes|applies|distinguishes|answers|works out|"
                         r"quantifies|describes|asks|attaches|encloses)\b.*$", re.I)
_END = re.compile(r"\s+(?:with|and|together with|along with)\s+(?:the|its|their|our)\b.*$", re.I)
# First words that make "recommendation to X" a recipient ("to the board"), not something to do.
_NOT_VERBS = {"the", "a", "an", "its", "his", "her", "their", "our", "your", "my", "this", "that", "these", "those",
              "each", "every", "all", "any", "be"}
_STOP = {"the", "a", "an", "at", "of", "to", "on", "in", "for", "by", "and", "or", "with", "from", "its", "their", "our"}
# Words by which a purpose names a figure whose label says it otherwise ("the revised price": an enterprise value).
_ALSO = {"price": {"value", "valuation", "consideration"}, "offer": {"value", "price"}, "fee": {"fees", "estimate"},
         "settlement": {"settlement", "amount"}}


def _words(text: str) -> set[str]:
    words = {w.lower() for w in re.findall(r"[A-Za-z][A-Za-z-]+", text)} - _STOP
    return words | {x for w in words for x in _ALSO.get(w, ())}


def _decided(words: str, story: str) -> tuple[str, str] | None:
    """The course a 'whether ...' question is answered with: ('do', 'reject the offer') for 'whether to reject the
    offer', ('that', 'Harlow sue') for 'whether Harlow should sue'; of two courses ('whether to settle or sue') the one
    the matter's story takes (more of its words in the summary), None where the story does not choose."""
    words = re.sub(r"\s+or\s+not$", "", words.strip())
    m = _SHOULD.match(words)
    form, course = ("that", f"{m.group('who')} {m.group('do')}") if m else ("do", re.sub(r"^to\s+", "", words))
    if form == "do" and m is None and not re.match(r"to\s", words.strip()):
        return None  # 'whether the cap bites' is a question of fact, not a course to take
    first, sep, second = course.partition(" or ")
    if sep:
        stems = lambda t: {w[:5] for w in re.findall(r"[a-z]{3,}", t.lower())} - _STOP  # noqa: E731
        told = stems(story)
        a, b = len(stems(first) & told), len(stems(re.sub(r"^to\s+", "", second)) & told)
        if a == b:
            return None
        if b > a:
            course = (f"{m.group('who')} " if m else "") + re.sub(r"^to\s+", "", second)
        else:
            course = first
    if not course.split():
        return None
    return form, course


def what_is_recommended(purpose: str, story: str = "") -> tuple[str, str] | None:
    """(form, words) of what a purpose says is recommended: ('do', 'invest at the revised price') for a course to
    take, ('that', 'the client settle') for a clause, ('thing', 're-pricing at the LOI multiple') for a noun or
    gerund; a 'whether' question as the course the matter's story (its summary) takes; None when the purpose names
    no recommendation."""
    m = _WHETHER.search(purpose)
    if m:
        return _decided(_END.sub("", m.group("x")).strip(), story)
    for form, pattern in (("do", _TO), ("that", _THAT), ("thing", _BARE), ("view", _ARGUES)):
        m = pattern.search(purpose)
        if not m:
            continue
        words = _PAPER_ACTS.sub("", m.group("x")).strip() if form == "view" else _END.sub("", m.group("x")).strip()
        if form == "view" and ", that " in words and ", and that " not in words:
            # a list of the views it argues, joined as one ('..., and that the implied covenant bars ...')
            head, _, last = words.rpartition(", that ")
            words = f"{head}, and that {last}"
        first = words.split()[0] if words.split() else ""
        if not first or (form == "do" and (first.lower() in _NOT_VERBS or not first.islower())):
            continue
        return form, words
    return None


def _figure(facts: list[FactRef], words: str, least: int = 1) -> FactRef | None:
    """The figure the recommended course turns on: the amount, count or rate whose label shares most words with it."""
    want = _words(words)
    scored = [(len(want & _words(f.label)), i, f) for i, f in enumerate(facts)
              if f.label and f.value.type in ("money", "number", "percent") and f.text not in words]
    best = max(scored, key=lambda x: (x[0], -x[1]), default=None)
    return best[2] if best and best[0] >= least else None


def _pasted(sentence: str, purpose: str) -> bool:
    """Whether the sentence holds the purpose whole or its first eight words (realism_purpose_not_pasted)."""
    squash = lambda t: " ".join(t.lower().split())  # noqa: E731
    words = squash(purpose).rstrip(".").split()
    text = squash(sentence)
    return len(words) >= 8 and (" ".join(words[:8]) in text or " ".join(words) in text)


def _across(ctx: ArtifactContext, name: str, text: str) -> bool:
    """Whether the figure of that label and value is the other side's (by its label or its statement)."""
    from worldsmith.generators.compose.parties import home
    from worldsmith.generators.compose.substance.argue import owner_of
    from worldsmith.generators.compose.substance.common import label

    f = next((g for g in ctx.facts if g.text == text and label(g).lower() == name.lower()), None)
    who = owner_of(ctx, f) if f is not None else ""
    return bool(who) and home(ctx, who) != home(ctx, ctx.author.organisation)


def recommended(pick: Picker, ctx: ArtifactContext, kind: str, writer: Writer, n: int) -> list[str]:
    """The recommendation section's sentences when the purpose names what is recommended: that course, in the
    document's words, with the ledger figure it turns on, and what it rests on; [] otherwise."""
    purpose = getattr(ctx.spec, "purpose", "") or ""
    found = what_is_recommended(purpose, ctx.world_summary or "")
    if found is None:
        return []
    form, words = found
    if form == "do":
        who = "the Committee approve the proposal to" if kind == "ic_memo" else \
            (client_of(ctx) or ctx.author.organisation)
        course = f"that {who} {words}"
    elif form == "view":
        # the view the paper argues, and the course that follows from it for the client
        who = client_of(ctx) or ctx.author.organisation
        view = f"Our view is that {words}, and we recommend that {who} proceed on that basis."
        return [] if _pasted(view, purpose) else [view]
    elif form == "that":
        course = f"that {words}"
    else:
        course = words
    # a decision taken on a 'whether' question names a figure only where the course names it: 'reject a limit offer
    # and sue' came out 'with the CMR limit per kilogram at 8.33 SDR' on the one word 'limit' (cmr-theft at seed 61)
    asked = bool(_WHETHER.search(purpose))
    figure = _figure(ctx.facts, words, 2 if asked else 1)
    if figure is not None:
        course += f", with {figure.label} at {figure.text}"
    frames = bank("genres")["sections"]
    lead = pick.fill(frames["recommended"], course=course)
    if not lead or _pasted(lead, purpose):
        return []
    # What the course rests on: another figure of the document, not the one just named.
    # (never the other side's figure, which the paper does not accept: 'It turns on Brightwing's accepted amount at
    # USD 1,826,660, which the record supports' after 'that is Brightwing Airways Limited's figure, and we do not
    # accept it', seed 83)
    rest = next((v for v in (writer.values_for(n + j) for j in range(len(ctx.facts) + 1))
                 if v["t1"] and (figure is None or v["l1"] != figure.label) and not _across(ctx, v["l1"], v["t1"])),
                None)
    if rest and figure is not None and rest["l2"] == figure.label:
        rest = dict(rest, l2="", t2="")  # the course's own figure is named once
    basis = pick.fill(frames["recommended_basis"], **rest) if rest else None
    if basis:
        basis = agree(basis, [rest["l1"], rest["l2"]])  # "the net QoE adjustments are the point still to close"
    return [cap_first(strip_end(lead)) + "."] + ([cap_first(basis)] if basis else [])
