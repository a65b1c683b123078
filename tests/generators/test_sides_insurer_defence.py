"""Sides where one side has two principals (an unseen outline, pi-quantum, read 25 at seed 151): an insurer instructs
panel solicitors to defend its insured against a claimant, so the insurer and the insured argue one side. The reader
rejected 9 of 25 files for figures given to the wrong side: the claims handler wrote "The future loss of earnings on the
defendant's multiplier is Hollins Reid Solicitors's number, not ours", and the partner "Our number for the claimant's
multiplier for future loss is 15.2 ... treat the figure as our case rather than common ground"."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path


from tests.generators.offline_world import offline_world

_OUTLINE = Path(__file__).parents[1] / "fixtures" / "pi-quantum.yaml"


@lru_cache(maxsize=1)
def _plan():
    return offline_world(_OUTLINE, 151)[0]


def test_the_insured_and_its_insurer_argue_one_side_and_a_role_possessive_names_whose_figure_it_is():
    from worldsmith.generators import context

    plan = _plan()
    # the insurer's claims handler on the fortnightly report: the defendant's figures are her side's, the claimant's not
    handler = next(a.author for a in plan.artifacts if a.kind == "email" and "Authority for a Part 36" in a.title
                   and plan.person(a.author).organisation == "castlegate")
    mine = context.side_labels(plan, ["defence_multiplier", "part36_offer", "claimant_multiplier"], handler)
    assert "the defendant's multiplier for future loss" in mine and "the defendant's Part 36 offer" in mine, mine
    assert "the claimant's multiplier for future loss" not in mine, mine
    internal = next(a for a in plan.artifacts if a.kind == "email" and "Multiplier" in a.title)
    theirs = context.their_labels(plan, internal.thread, internal.author)
    assert "the claimant's multiplier for future loss" in theirs, theirs
    assert not any("defendant's" in x for x in theirs), theirs


def test_a_figure_of_the_other_side_is_never_ours_in_a_note_or_a_reply():
    contents = offline_world(_OUTLINE, 151)[2]
    texts = [getattr(c, "body", "") or "" for c in contents.values()]
    assert len([t for t in texts if t]) > 20
    bad = [t for t in texts if "Our number for the claimant's" in t or "defendant's multiplier is Hollins" in t
           or "defendant's Part 36 offer stays Hollins" in t]
    assert not bad, bad[:2]


def test_an_english_defence_is_the_defendants_pleading():
    # read 25: 'The Defence pleads the claimant's case ("The Claimant is entitled to a declaration ...", "Aaron Pryce
    # asks the Court ...") and is signed "Solicitors for Aaron Pryce"': only a title with 'answer' was an answer
    from worldsmith.generators.compose.genres import is_answer

    assert is_answer("Defence") and is_answer("Defence and counterclaim") and is_answer("Answer and affirmative defenses")
    assert not is_answer("Reply to defence") and not is_answer("Particulars of claim") and not is_answer("Complaint")
    plan, _, contents = offline_world(_OUTLINE, 151)
    spec = next(a for a in plan.artifacts if a.kind == "document" and a.title == "Defence")
    doc = contents[spec.id]
    text = "\n".join([s.heading for s in doc.sections] + [p for s in doc.sections for p in s.paragraphs])
    assert "Solicitors for Brackley Precast Ltd" in text and "The Defendant denies" in text, text
    assert "Claimant is entitled to a declaration" not in text and "Solicitors for Aaron Pryce" not in text, text
