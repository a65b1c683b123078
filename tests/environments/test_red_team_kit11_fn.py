"""The false negatives a blind red team found in the verifier (kit 11: a licence-audit world never seen here, 181 right
answers): right answers written as professionals write them that lost marks to the parser, each beside its wrong twin,
which must still cost. Read with the parser alone, on made-up labels (no world)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from worldsmith.environments import answers, ledger_claims
from worldsmith.environments.grade import misstated
from worldsmith.environments.tasks import Check

CLAIM, REVISED, DISPUTE = ["vendor", "audit", "claim"], ["vendor", "revised", "claim"], ["amount", "dispute"]


@pytest.mark.parametrize("right, wrong, a, b", [
    # kit11: '$1,039,650 revised claim, which is below the $2,871,000 audit claim by $1,831,350' lost its direction
    ("USD 1,039,650 revised claim, which is below the USD 2,871,000 audit claim by USD 1,831,350.",
     "USD 1,039,650 revised claim, which is above the USD 2,871,000 audit claim by USD 1,831,350.", CLAIM, REVISED),
    # 'That is lower than the Quorvex audit claim of USD 2,871,000 ... by USD 1,831,350'
    ("So the vendor's revised claim would be USD 1,039,650 (239 x USD 1,450 x 3). That is lower than the vendor audit "
     "claim of USD 2,871,000 by USD 1,831,350.",
     "So the vendor's revised claim would be USD 1,039,650 (239 x USD 1,450 x 3). That is higher than the vendor audit "
     "claim of USD 2,871,000 by USD 1,831,350.", CLAIM, REVISED),
    # 'The amount in dispute, USD 827,080 (...), does not exceed the Quorvex audit claim'
    ("The amount in dispute, USD 827,080 (USD 1,078,800 revised claim less USD 251,720 offer), does not exceed the "
     "vendor audit claim of USD 2,871,000.",
     "The vendor audit claim, USD 2,871,000 (660 x USD 1,450 x 3), does not exceed the amount in dispute of USD "
     "827,080.", CLAIM, DISPUTE),
    # 'The audit claim therefore exceeds the revised claim, by USD 1,792,200'
    ("The revised claim is USD 1,078,800.\n\nThe audit claim therefore exceeds the revised claim, by USD 1,792,200.",
     "The revised claim is USD 1,078,800.\n\nThe revised claim therefore exceeds the audit claim, by USD 1,792,200.",
     CLAIM, REVISED),
    # 'Tessaline's offer would be USD 0.21576 million (248 users x USD 870), below Quorvex's revised claim ... by'
    ("The amount in dispute would be USD 0.82708 million (248 users x USD 1,015 less), below the vendor audit claim "
     "of USD 2.871 million by USD 2.04392 million.",
     "The amount in dispute would be USD 0.82708 million (248 users x USD 1,015 less), above the vendor audit claim "
     "of USD 2.871 million by USD 2.04392 million.", CLAIM, DISPUTE),
])
def test_a_comparison_written_otherwise_reads_its_direction(right, wrong, a, b):
    assert answers.directions(answers.parse(right), a, b) == {"a>b"}, right
    assert answers.directions(answers.parse(wrong), a, b) == {"a<b"}, wrong


OFFER = Check(type="answer_misstated", values=["USD 251,720"], numbers=[251720.0], unit="USD",
              a_words=["true-up offer", "offer"], b_words=["validated shortfall", "list price"])


@pytest.mark.parametrize("text", [
    # kit11: a count or a number of days beside an amount's label is no amount (misstates_client_position fired)
    "The true-up offer on the 248-user validated shortfall would then be USD 251,720 (248 x USD 1,015).",
    "Jordan first gave the client the USD 251,720 true-up offer on May 8, 2026, three days after it first appeared.",
    "The offer: USD 251,720 = 248 users x USD 1,015.",
])
def test_a_count_beside_an_amounts_label_is_no_misstatement(text):
    assert not misstated(text, OFFER), text


def test_an_amount_misstated_beside_a_count_still_costs():
    assert misstated("The true-up offer on the 248-user validated shortfall would then be USD 215,760.", OFFER)
    assert misstated("The offer is USD 300,000 for 248 users.", OFFER)


REVISED_CHECK = Check(type="answer_misstated", values=["USD 2,688,300"], numbers=[2688300.0], unit="USD",
                      a_words=["revised claim"], b_words=["list price per user a year"])


def test_a_figure_naming_another_noun_after_the_label_is_not_the_labels():
    # kit11: "Quorvex's revised claim, at the USD 1,450 list price for 3 years, would be USD 2,688,300"
    assert not misstated("The revised claim, at the USD 1,450 list price for 3 years, would be USD 2,688,300.",
                         REVISED_CHECK)
    assert misstated("The revised claim, at the USD 1,450 list price for 3 years, would be USD 2,700,000.", REVISED_CHECK)
    assert misstated("The revised claim is the USD 2,700,000 figure.", REVISED_CHECK)


def test_working_in_square_brackets_is_read_past():
    # kit11: 'The amount in dispute (USD 0.82708m = revised claim USD 1.0788m [248 x 1,450 x 3] less offer ...)' bound
    # USD 1.0788m to the amount in dispute
    check = Check(type="answer_misstated", values=["USD 827,080"], numbers=[827080.0], unit="USD",
                  a_words=["amount in dispute"], b_words=["revised claim", "offer"])
    text = ("The amount in dispute (USD 0.82708m = revised claim USD 1.0788m [248 x 1,450 x 3] less offer USD 0.25172m "
            "[248 x 1,015]) is below the audit claim.")
    assert not misstated(text, check)
    assert misstated(text.replace("0.82708m", "0.9m"), check)


def test_a_percent_naming_a_rate_is_no_relative_move():
    # kit11: 'With a 40% discount the contract rate is $870.00' (a what-if's supposed discount) read as a 40% move
    facts = [("discount", ["order", "form", "discount"], ["order form discount", "discount"], ("percent",),
              Decimal("30"))]
    for text, names in [("With a 40% discount the rate is USD 870.", True),
                        ("At a 40% Order Form discount, the offer falls.", True),
                        ("The offer is a 40% reduction from the claim.", False)]:
        parsed = answers.parse(text)
        m = next(x for x in parsed.mentions if x.kind == "percent")
        assert ledger_claims._names_rate(parsed, facts, m.end) is names, text


def _status(text: str, figure: str) -> str:
    parsed = answers.parse(text)
    return next(m for m in parsed.mentions if m.text == figure).status


def test_a_figure_set_aside_in_the_next_sentence_after_its_colon():
    # kit11: 'Other figure: 1,934 users in the "Brightmoor account extract, first cut" (preliminary count of April 3,
    # 2026). It is superseded: it included 74 accounts of the sandbox tenant' read 1,934 as relied on
    text = ('The governing figure is 1,860 users. Other figure: 1,934 users in the "account extract, first cut" '
            '(preliminary count of April 3, 2026). It is superseded: it included 74 sandbox accounts.')
    assert _status(text, "1,934") == "superseded_mention"
    assert _status(text.replace("It is superseded: it", "It stands: it"), "1,934") == "asserted"
    # a label 'Superseded:' still heads the figure after it, not the one before
    assert _status("Governing: 1,860 users. Superseded: 1,934 users.", "1,860") == "asserted"


def test_a_comma_inside_a_quoted_title_begins_no_new_clause():
    text = 'Other figure: 1,934 users in the "account extract, first cut". It was since replaced.'
    assert _status(text, "1,934") == "superseded_mention"
    assert _status('Other figure: 1,934 users in the account extract, first cut. It was since replaced.',
                   "1,934") == "asserted"


def test_a_month_after_a_lists_dash_is_no_unit():
    # kit11: 'Licensed Named Users 1,200 - February 11, 2026, Jordan Becker' read 1,200 as '1,200 february'
    m = answers.parse("Licensed Named Users 1,200 - February 11, 2026, Jordan Becker.").mentions[0]
    assert m.text == "1,200" and m.unit is None
    assert answers.parse("1,200 licensed users").mentions[0].unit == "licensed users"


def test_saying_a_set_aside_draft_is_not_relied_on_is_no_deferral():
    from worldsmith.environments.grade import _DEFERS
    # kit11: '(The April 14 internal draft ... is superseded - it left 44 duplicates in - and is not relied on.)'
    assert not _DEFERS.search("(The April 14 draft at 1,492 users is superseded - it left 44 duplicates in - and is "
                              "not relied on.)")
    assert not _DEFERS.search("The first-cut count of 1,934 is not used.")
    for caveat in ("These figures should not be relied on.", "The numbers are not to be relied upon.",
                   "This cannot be relied on until checked."):
        assert _DEFERS.search(caveat), caveat


@pytest.fixture(scope="module")
def legal(published_legal):
    import worldsmith
    from tests.published import task_set_of

    world = worldsmith.open(published_legal)
    yield world, task_set_of(world).tasks
    world.close()


def test_a_chronology_asks_for_each_figure_and_reads_the_clients_people_in_brackets_as_recipients(legal, tmp_path):
    from worldsmith.environments.grade import grade
    from worldsmith.environments.session import Session

    world, tasks = legal
    chronologies = [t for t in tasks if t.id.startswith("chronology-")]
    assert chronologies
    for task in chronologies:
        # kit11: an answer that gave the days and senders but not the figures lost 0.5 a figure the prompt never asked
        assert "State each figure with its day and its sender." in task.instruction
    task = chronologies[0]
    others = next(c.check for c in task.rubric.negative_criteria if c.id == "names_other_sender")
    client = task.instruction.split(" first send ", 1)[1].split(" each of ", 1)[0]
    org = next(o.id for o in world.plan.organisations if o.name == client)
    theirs = [p.name.lower() for p in world.plan.people if p.organisation == org]
    assert theirs and not any(f"({n})" in others.values for n in theirs)
    assert any(f"by {n}" in others.values for n in theirs)  # 'sent by' one of them still costs
    body, final = task.solution.answer.rsplit("\nAnswer: ", 1)
    right = f"{body} ({client} ({world.plan.people[[p.name.lower() for p in world.plan.people].index(theirs[0])].name}) received each.)\nAnswer: {final}"
    assert grade(task, Session(world, tmp_path / "r"), right).score == 1.0


def test_an_original_claim_still_stands():
    # kit11: "Quorvex's original audit claim of USD 2,871,000 (...) is USD 1,792,200 more than Quorvex's revised claim"
    # lost the comparison: 'original <noun> claim' was read as superseded
    right = ("Yes - the vendor's original audit claim of USD 2,871,000 (660 users over licence x USD 1,450 x 3 years) is "
             "USD 1,792,200 more than the vendor's revised claim of USD 1,078,800.")
    assert answers.directions(answers.parse(right), CLAIM, REVISED) == {"a>b"}
    assert answers.directions(answers.parse(right.replace("more", "less")), CLAIM, REVISED) == {"a<b"}
    first = answers.parse(right).mentions[0]
    assert not first.superseded
    # a figure the text says was replaced, or calls earlier, is still set aside
    assert answers.parse("The earlier claim of USD 2,871,000 was replaced.").mentions[0].superseded
    assert answers.parse("The original draft of USD 2,871,000 is no longer relied on.").mentions[0].superseded


def test_a_dates_label_is_not_named_by_the_word_it_ends_on():
    # kit11: a sheet's source '(Brightmoor findings, April 6, 2026)' was read as the "deadline to dispute the
    # findings" given another day: side_misstates_response_deadline fired on right sheets
    from types import SimpleNamespace

    from worldsmith.environments import side_checks

    labels = ["deadline to dispute the findings", "duplicate accounts", "headline exposure"]
    shorts = {"findings": 1, "exposure": 1}
    deadline = SimpleNamespace(id="response_deadline", label=labels[0])
    phrases = side_checks._phrases(deadline, labels, shorts)
    assert "findings" not in phrases and labels[0] in phrases
    check = Check(type="texts_misstated", values=["May 6, 2026"], numbers=[None], a_words=phrases,
                  b_words=labels[1:])
    sheet = ('Accounts counted,1860,"User reconciliation.xlsx (Brightmoor findings, April 6, 2026)"\n'
             'Duplicate accounts,53,"Sensitivity input; the room gives 44"')
    assert not misstated(sheet, check)
    assert misstated("The deadline to dispute the findings is April 6, 2026.", check)
    # a label's own last word, where it is the head, still names it
    exposure = SimpleNamespace(id="headline_exposure", label=labels[2])
    assert "exposure" in side_checks._phrases(exposure, labels, shorts)


def test_a_brackets_part_about_its_own_figure_spares_the_figure_before():
    # kit11: "stands at USD 2,871,000 (on Brightmoor's production count of 1,860; its first-cut figure of 1,934 was
    # superseded)" read the claim as superseded and lost reply_states_larger
    text = ("The vendor audit claim stands at USD 2,871,000 (on the production count of 1,860; its first-cut figure "
            "of 1,934 was superseded) and the vendor revised claim at USD 1,078,800.")
    flags = {text[m.start:m.end]: m.superseded for m in answers.parse(text).mentions}
    assert flags["USD 2,871,000"] is False and flags["1,934"] is True
    # a bracket that sets aside the figure before it still does
    assert answers.parse("The claim was USD 2,871,000 (on the count of 1,934, superseded).").mentions[0].superseded
    assert answers.parse("The cap is USD 148m (the schedule of March 13, 2026, marked superseded).").mentions[0].superseded


def test_items_counted_in_wrongly_are_no_denied_figure():
    # kit11: "1,934 users (...), which wrongly included 74 sandbox-tenant accounts outside the audit's scope. Change: 74
    # users lower." lost the movement: 'wrongly' denied the 74
    text = ("Superseded: 1,934 users (first cut, 2026-04-03), which wrongly included 74 sandbox-tenant accounts outside "
            "the audit's scope. Change: 74 users lower.")
    assert not any(m.negated for m in answers.parse(text).mentions)
    # a figure said wrongly, or called wrong, is still denied
    assert answers.parse("The draft wrongly states USD 148m.").mentions[0].negated
    assert answers.parse("The 74 figure is wrong.").mentions[0].negated
    assert answers.parse("The count is incorrectly given as 1,934.").mentions[0].negated


def test_the_gap_worked_the_other_way_round_signed_is_no_rival():
    # kit11: 'The audit claim exceeds the revised claim by 1,792,200 USD (revised minus audit = -1,792,200).' lost
    # states_gap: the signed gap read as a rival answer
    from worldsmith.environments.grade import _final

    gap = Check(type="answer_final", values=["USD 1,792,200"], numbers=[1792200.0], unit="USD")
    right = ("The audit claim exceeds the revised claim by 1,792,200 USD (revised minus audit = -1,792,200).\n"
             "Answer: 1,792,200 USD")
    assert _final(right, gap)
    assert not _final(right.replace("= -1,792,200", "= -1,692,200"), gap)  # another figure is still a rival
    assert not _final(right.replace("= -1,792,200", "is -2,000,000"), gap)


def test_it_is_a_gap_lower_reads_the_sentences_subject():
    # 'the amount in dispute does not exceed the audit claim; it is USD 2,043,920 lower' (a kit11 memo): 'it' is the
    # sentence's subject, and a bare comparative after its figure compares it
    right = "(2) No: the amount in dispute does not exceed the vendor audit claim; it is USD 2,043,920 lower."
    assert answers.directions(answers.parse(right), CLAIM, DISPUTE) == {"a>b"}
    wrong = "(2) Yes: the amount in dispute exceeds the vendor audit claim; it is USD 2,043,920 higher."
    assert answers.directions(answers.parse(wrong), CLAIM, DISPUTE) == {"a<b"}
