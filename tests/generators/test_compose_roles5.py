"""Who writes to whom, and in what voice (issue 17, read 21: roles were the third reason for rejection): a party that
has counsel is written to through its counsel; the register follows the relation."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
REPRESENTED = ROOT / "tests/generators/outlines/represented-party.yaml"


def _plan(path: Path, seed: int):
    from worldsmith.flows import pipeline
    from worldsmith.generators.backends.offline import OfflineBackend

    return pipeline.make_plan(pipeline.prepare(path, seed, OfflineBackend()))


@pytest.mark.parametrize("seed", [61, 62, 63])
def test_a_party_with_counsel_is_written_to_through_its_counsel(seed):
    # read 21: "The partner sends the demand straight to Oakfield's CEO, although Revell Marsh has acted for Oakfield
    # since March (no-contact rule)"; the demand letter itself was addressed to the CEO
    from worldsmith.worlds.plan import DocumentSpec, EmailSpec

    plan = _plan(REPRESENTED, seed)
    people = {p.id: p for p in plan.people}
    acting = min(a.sent_at.date() for a in plan.artifacts if isinstance(a, EmailSpec)
                 and "licensee_counsel" in [a.author, *a.to])
    before = after = 0
    for a in plan.artifacts:
        if people[a.author].organisation != "dunmore":
            continue
        day = a.sent_at.date() if isinstance(a, EmailSpec) else a.date
        to = [*a.to, *a.cc] if isinstance(a, EmailSpec) else a.readers
        if day >= acting:
            after += 1
            assert "licensee_ceo" not in to, (a.id, day, to)
        elif "licensee_ceo" in to:
            before += 1  # before its counsel acts, the licensee is written to itself
    assert before and after
    letter = next(a for a in plan.artifacts if isinstance(a, DocumentSpec) and a.title.startswith("Demand letter"))
    assert letter.readers == ["licensee_counsel"]
