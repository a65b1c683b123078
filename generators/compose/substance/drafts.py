"""A superseded paper gives the basis its own figure was worked on, in its own words, where its label says what that
basis was ('84 days assumed the Minooka store was available from April 12; withdrawn when ...'): the figure stands in
the body with what it rests on, as the paper stood on its day (blind read 17, a business-interruption claim: 'An
adjuster's "preliminary view" that gives 84 days with no basis'). A flaw its author could not have seen ('ignored the
stratum weights') is left to the label; nothing but the label's own words and figures is written."""

from __future__ import annotations

import re

from worldsmith.generators.context import ArtifactContext

# what the paper did, as its author would say it of the figure: the label's past tense and the present tense
_OWN = {"assumed": "assumes", "counted": "counts", "included": "includes", "applied": "applies", "used": "uses",
        "took": "takes", "treated": "treats", "measured": "measures", "kept": "keeps", "excluded": "excludes",
        "allowed": "allows", "added": "adds",
        # a figure's working, in the passive the label gives it ('computed with the multi-year licence fees deferred':
        # the buyer's earn-out statement 'omits ... the deferral it rests on', blind read 20)
        "computed": "is computed", "calculated": "is calculated", "worked": "is worked", "based": "is based",
        "prepared": "is prepared"}
_BASIS = re.compile(r"(?:^|:\s*)(?P<fig>[^:;]*?)\s*\b(?P<verb>" + "|".join(_OWN) + r")\s+(?P<rest>[^;]{6,200})",
                    re.I)


def draft_basis(ctx: ArtifactContext) -> tuple[str, str] | None:
    """(the figure the label names or '', the sentence of its basis), or None where the label gives no basis its
    author would state."""
    label = " ".join((ctx.distractor_label or "").split())
    if not label:
        return None
    m = _BASIS.search(label)
    if m is None:
        return None
    verb = _OWN[m.group("verb").lower()]
    rest = m.group("rest").strip().rstrip(".")
    # 'replaced by ...' / 'withdrawn when ...' after a comma is the later history, not the basis
    rest = re.split(r",\s+(?:replaced|withdrawn|superseded|corrected)\b", rest)[0]
    # the label's hindsight is not the author's ('applied the pre-adjustment rate': the author applied the rate)
    rest = re.sub(r"\b(?:pre-adjustment|outdated|out-of-date|wrong|incorrect|stale|superseded|old|earlier)\s+", "",
                  rest, flags=re.I)
    # nor is its verdict on the basis ('savings outside the Consolidated EBITDA definition': the borrower's first
    # certificate added them back, it did not say they fell outside the definition, blind read 36)
    rest = re.sub(r"\s+(?:outside|beyond|contrary to|in breach of|not (?:permitted|allowed) (?:by|under))\s+[^,;]*$", "",
                  rest, flags=re.I)
    # nor what came to light after it: the paper of its day does not know what it was 'before' (blind read 36: a 4
    # September draft 'assumes a re-letting of the floors as left, before Corvane's strip-out was known')
    rest = re.sub(r",?\s+(?:before\s+[^,;]*?\b(?:was|were|became|had been)\s+(?:known|disclosed|published|revealed|"
                  r"announced|found|discovered|produced|made public)\b|(?:without knowing|unaware (?:of|that))\b[^,;]*)",
                  "", rest, flags=re.I).strip()
    fig = m.group("fig").strip()
    fig = fig if re.search(r"\d", fig) else ""
    return fig, f"That figure {verb} {rest}."


def with_draft_basis(ctx: ArtifactContext, sections: list) -> list:
    """The sections with the draft's basis after the first paragraph that gives its figure (else the first that
    gives a figure of the paper's facts); unchanged where the label gives none or a paragraph already says it."""
    found = draft_basis(ctx)
    if found is None:
        return sections
    fig, sentence = found
    body = sentence[len("That figure "):].rstrip(".").lower()
    if any(body in p.lower() for s in sections for p in s.paragraphs):
        return sections
    marks = [fig] if fig else []
    marks += [f.text for f in ctx.facts if f.value.type in ("money", "number", "percent")]
    for mark in marks:
        for i, s in enumerate(sections):
            for j, p in enumerate(s.paragraphs):
                if mark and mark in p and not re.search(r"supersed|do not rely|withdrawn", p, re.I):
                    paragraphs = list(s.paragraphs)
                    # right after the sentence that gives the figure, so that 'That figure' is that one
                    end = re.search(r"[.;](?=\s|$)", p[p.index(mark) + len(mark):])
                    cut = p.index(mark) + len(mark) + (end.end() if end else len(p))
                    paragraphs[j] = (p[:cut].rstrip() + " " + sentence + " " + p[cut:].lstrip()).rstrip()
                    return sections[:i] + [s.model_copy(update={"paragraphs": paragraphs})] + sections[i + 1:]
    return sections
