"""A fixture outline's world keeps a spread of tasks (issue 16): bench.tasks measured only the three examples, and a
collapse on every other outline went unseen (tests/fixtures/covenant-breach.yaml at seed 0: 19 tasks at 19aacb9, 4
after; every chronology task refused 'oracle_fails: the reference solution scores 0.0')."""

from __future__ import annotations

from worldsmith.environments.side_checks import padded


def test_a_party_named_with_inc_or_ltd_in_each_sentence_is_no_padding():
    # the chronology oracle: 'Quillfield Packaging Group Inc. first received the covenant EBITDA ... from Kevin
    # Contreras.' four times over, one figure each; split after 'Inc.' the five sentences read as one said five times
    answer = "\n".join(f"Quillfield Packaging Group Inc. first received the {what} on August {day}, 2026, from Kevin "
                       f"Contreras." for what, day in [("covenant EBITDA of USD 45,000,000", 12),
                                                        ("total net debt of USD 166,500,000", 12),
                                                        ("maximum total net leverage ratio of 3.5x", 10),
                                                        ("total net leverage ratio of 3.7x", 13)])
    assert not padded(answer)
    assert not padded(answer.replace("Inc.", "Ltd.").replace("\n", " "))
    assert not padded("Northbank Capital, N.A. sent it. Northbank Capital, N.A. sent the rest. Northbank Capital, "
                      "N.A. signed on May 2.")
    # filler is still padding, after a company's name too
    assert padded(answer + "\n" + " ".join(["Quillfield Packaging Group Inc. has been told."] * 3))
    assert padded(answer + "\n" + " ".join(["Additional context for the team."] * 3))
