"""Blind read 36 (us-saas audit): the client's management memo on a contract's accounting, addressed within the
client, carried the auditor's engagement title ('FY2025 financial statement audit, revenue and deferred revenue') as
its RE line. The matter's title is the name its keeper gives the work: another house's internal memo is about its own
subject, and a memo of the keeper's, or one sent to a client, still names the matter."""

from __future__ import annotations

from pathlib import Path

from tests.generators.planned import planned

HOSPITAL = Path(__file__).resolve().parents[2] / "outlines" / "examples" / "hospital-revenue-audit.yaml"


def _re_line(plan, spec) -> str:
    from worldsmith.generators.kinds.document.front_matter import _memo_block

    return next(x for x in _memo_block(plan, spec) if x.startswith("RE:"))[4:].strip()


def test_another_houses_internal_memo_is_about_its_own_subject():
    from worldsmith.generators.kinds.document.front_matter import _matter_house, matter_title

    plan, _ = planned(HOSPITAL, 0)
    memo = next(a for a in plan.artifacts if getattr(a, "doc_type", None) == "memo")
    house = _matter_house(plan)
    others = {}
    for p in plan.people:
        if p.organisation != house:
            others.setdefault(p.organisation, []).append(p.id)
    org, (author, reader, *_) = next((o, ids) for o, ids in others.items() if len(ids) >= 2)
    theirs = memo.model_copy(update={"author": author, "readers": [reader],
                                     "title": "Management memo: accounting for the Halvorsen amendment"})
    assert _re_line(plan, theirs) == "Accounting for the Halvorsen amendment"
    keeper = next(p.id for p in plan.people if p.organisation == house)
    ours = theirs.model_copy(update={"author": keeper})
    assert _re_line(plan, ours) == matter_title(plan, ours)
