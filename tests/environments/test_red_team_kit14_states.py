"""False positives kit14 (a blind red team on a leverage covenant breach) found beside the right figures: an event the
ledger dates denied ('The cure was never funded'), an offer it records and never takes said accepted ('The board
accepted the waiver'), a capped figure said within its limit the wrong way ('leverage is within the 3.5x maximum' at
3.70x; 'still above the maximum after the cure' at 3.50x after it), a sending claimed and not done ('I have already
sent these figures to Northbank'), figures said sent to another party than the one asked after, a chat post written
as a letter, a correction sourced to a superseded paper, and padding of one word. The ledger readers are shown here on
a ledger of another trade (a shipping company's loan and its prepayment), and the grade-time guards on the legal
example's tasks through the grader, each beside a right twin that must still pass."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from types import SimpleNamespace

import pytest

import worldsmith
from tests.published import task_set_of
from worldsmith.environments import grade as grading
from worldsmith.environments import ledger_statements as ls
from worldsmith.environments import side_checks
from worldsmith.environments.grade import grade
from worldsmith.environments.session import Session
from worldsmith.worlds.plan import LedgerFact
from worldsmith.worlds.values import DateValue, Money, Number


def _fact(fid, label, value, text, statement="A figure of the loan.", formula=None):
    return LedgerFact(id=fid, statement=statement, value=value, text=text, label=label, formula=formula,
                      known_from=dt.date(2026, 5, 1))


@pytest.fixture(scope="module")
def loan():
    usd = lambda n: Money(amount=Decimal(n), currency="USD")  # noqa: E731
    facts = [
        _fact("debt", "fleet debt", usd(96_000_000), "USD 96,000,000"),
        _fact("equity", "book equity", usd(40_000_000), "USD 40,000,000"),
        _fact("max_gearing", "maximum gearing ratio", Number(value=Decimal("2.2"), unit="x"), "2.2x"),
        _fact("gearing", "gearing ratio", Number(value=Decimal("2.4"), unit="x"), "2.4x", formula="debt / equity"),
        _fact("prepayment", "shareholder prepayment", usd(8_000_000), "USD 8,000,000"),
        _fact("debt_after", "fleet debt after the prepayment", usd(88_000_000), "USD 88,000,000",
              formula="debt - prepayment"),
        _fact("prepayment_date", "shareholder prepayment settlement date", DateValue(value=dt.date(2026, 6, 3)),
              "June 3, 2026", statement="The shareholder settled the USD 8,000,000 prepayment on June 3, 2026."),
        _fact("standstill_fee", "standstill fee", usd(200_000), "USD 200,000",
              statement="On May 12, 2026 the bank offered a standstill for a fee of USD 200,000."),
    ]
    plan = SimpleNamespace(facts=facts, distractors=[])
    return SimpleNamespace(world_id="kit14-loan-test", plan=plan)


def test_an_event_offer_or_limit_said_otherwise_costs(loan):
    wrong = [
        "The prepayment was never settled, so the breach stands.",
        "The shareholder has not settled the prepayment.",
        "The company accepted the standstill, so no prepayment was made.",
        "So gearing is within the 2.2x maximum and no prepayment is needed.",
        "The 2.4x ratio is within the maximum.",
        "Gearing is still above the 2.2x maximum after the prepayment.",
    ]
    right = [
        "The gearing ratio of 2.4x exceeds the 2.2x maximum.",
        "After the prepayment, gearing is 2.2x, within the maximum.",
        "The shareholder settled the prepayment on June 3, 2026.",
        "The prepayment was not settled until June 3, 2026.",
        "The bank offered a standstill; the company did not accept it.",
        "Without the prepayment, gearing would remain above the 2.2x maximum.",
        "The prepayment brings gearing back within the 2.2x maximum.",
    ]
    for text in wrong:
        assert ls.states_otherwise(text, loan), text
    for text in right:
        assert not ls.states_otherwise(text, loan), text
    # a what-if that moves the ratio leaves it alone
    assert not ls.states_otherwise("So gearing is within the 2.2x maximum.", loan, frozenset({"gearing"}))


def test_a_chat_post_as_a_letter_a_superseded_source_and_one_word_padding():
    assert side_checks.email_register("Dear Kimberly, please find attached the figures. Kind regards, Kevin")
    assert not side_checks.email_register("Team - the loan exceeds covenant EBITDA by USD 135,000,000 :)")
    assert grading.cites_superseded_source("Wrong: USD 142,000,000 -> USD 135,000,000 (Northbank request of August "
                                           "14, 2026 - superseded)")
    assert not grading.cites_superseded_source("Wrong: USD 142,000,000 -> USD 135,000,000 (the credit agreement; not "
                                               "the superseded request)")
    assert side_checks.padded("Right. " + "More. " * 12)
    assert not side_checks.padded("| Item | Agreed |\n|---|---|\n" + "| a | Yes |\n" * 4)


@pytest.fixture(scope="module")
def legal(published_legal):
    world = worldsmith.open(published_legal)
    yield world, {t.id: t for t in task_set_of(world).tasks}
    world.close()


def test_a_sending_claimed_or_another_recipient_named_costs_at_grade_time(legal, tmp_path):
    world, tasks = legal
    outside = next(o for o in world.plan.organisations if not o.privileged)
    home = world.plan.organisations[0]
    checked = 0
    for i, task in enumerate(t for t in tasks.values() if t.solution.answer and t.kind in ("exceed", "what_if")):
        right = task.solution.answer
        body, sep, tail = right.partition("\nAnswer:")
        claimed = f"{body.rstrip()}\n\nI have already sent these figures to {outside.name}.{sep}{tail}"
        g = grade(task, Session(world, tmp_path / f"s{i}"), claimed)
        assert g.score < 1.0 and grading.CLAIMS_SENT in g.penalties_met, task.id
        kept = f"{body.rstrip()}\n\nNothing has gone to {outside.name}.{sep}{tail}"
        assert grade(task, Session(world, tmp_path / f"k{i}"), kept).score == 1.0, task.id
        checked += 1
    assert checked
    # a chronology's rows said sent to another party than the one the task asks after
    asked = "In the data room, on what day did {a} first send {b} each of these figures?"
    client = next(o for o in world.plan.organisations if o.privileged and o.id != home.id)
    prompt = asked.format(a=home.name, b=client.name)
    row = f"- The cap, USD 1: first sent to {outside.name} May 1, 2026 by Someone."
    assert side_checks.wrong_recipient(row, world, prompt)
    assert not side_checks.wrong_recipient(row.replace(outside.name, client.name), world, prompt)
    assert not side_checks.wrong_recipient("- The cap, USD 1: first sent May 1, 2026 by Someone.", world, prompt)


def test_an_amount_a_statement_leaves_out_said_included_costs():
    # kit14: 'The add-backs include the USD 2,300,000 of procurement synergies' beside a right chronology, 1.0; the
    # review allowed USD 3,800,000 and said the synergies are not supportable
    usd = lambda n: Money(amount=Decimal(n), currency="USD")  # noqa: E731
    facts = [_fact("allowance", "agreed repair allowance", usd(500_000), "USD 500,000",
                   statement="The surveyor allows USD 500,000 for the hull repair; the USD 120,000 of paintwork is "
                             "not storm damage.")]
    world = SimpleNamespace(world_id="kit14-allowance-test", plan=SimpleNamespace(facts=facts, distractors=[]))
    assert ls.states_otherwise("The repair allowance includes the USD 120,000 of paintwork.", world)
    assert ls.states_otherwise("- Agreed repair allowance: USD 500,000, made up of the USD 120,000 paintwork and "
                               "the hull.", world)
    assert not ls.states_otherwise("Agreed repair allowance: USD 500,000 (the USD 120,000 of paintwork is "
                                   "excluded).", world)
    assert not ls.states_otherwise("The repair allowance does not include the USD 120,000 of paintwork.", world)


def test_working_in_a_row_a_longer_label_and_another_currency(loan):
    from worldsmith.environments.tasks import Check

    # a figure in another row's working is no attribution of it (kit14: right chronologies lost 0.22)
    check = Check(type="answer_misattributed", values=["USD 40,000,000"], numbers=[40_000_000.0], unit="USD",
                  a_words=["jamie walker"], b_words=["kevin contreras"])
    rows = ("- Book equity, USD 40,000,000: first sent May 3, 2026 by Jamie Walker.\n"
            "- Gearing, 2.4x (= USD 96,000,000 / USD 40,000,000): first sent May 4, 2026 by Kevin Contreras.\n"
            "- Gearing in words, 2.4x (fleet debt USD 96,000,000 over book equity USD 40,000,000): first sent May 4, "
            "2026 by Kevin Contreras.")
    assert not grading.misattributed(rows, check)
    assert grading.misattributed("- Book equity, USD 40,000,000: first sent May 3, 2026 by Kevin Contreras.", check)
    # the figure of a longer label holding the one named, with its own words said
    grading._WORLD_NOW[0] = loan
    try:
        check = Check(type="answer_misstated", values=["USD 96,000,000"], numbers=[96_000_000.0], unit="USD",
                      a_words=["fleet debt"])
        assert not grading.misstated("Following the USD 8,000,000 prepayment, fleet debt is USD 88,000,000.", check)
        assert grading.misstated("Fleet debt is USD 88,000,000.", check)
    finally:
        grading._WORLD_NOW[0] = None
    # an answer line that names another currency beside the right figure
    final = Check(type="answer_final", values=["USD 121,500,000"], numbers=[121_500_000.0], unit="USD")
    assert grading._final("The gap is USD 121,500,000.\nAnswer: USD 121,500,000", final)
    assert not grading._final("The gap is USD 121,500,000.\nAnswer: USD 121,500,000 i.e. 121,500 (in thousands of "
                              "EUR)", final)


def test_a_gap_signed_as_a_shortfall_and_said_so_is_the_gap():
    # kit14: 'Answer: -USD 112,500,000 (covenant EBITDA falls short by USD 112,500,000)' lost its gap (0.69)
    from worldsmith.environments.tasks import Check

    final = Check(type="answer_final", values=["USD 112,500,000"], numbers=[112_500_000.0], unit="USD")
    body = "No. Covenant EBITDA does not exceed the net debt after the cure; it falls short.\n"
    assert grading._final(body + "Answer: -USD 112,500,000 (falls short by USD 112,500,000)", final)
    assert grading._final(body + "Answer: -USD 112,500,000 headroom", final)
    assert not grading._final(body + "Answer: USD 112,500,000 or USD 121,500,000", final)
    assert not grading._final(body + "Answer: -USD 121,500,000", final)


def test_a_memo_dated_before_its_figures_and_a_draft_said_superseded(loan):
    # kit14: a right memo dated July 1, 2026 (its figures known from September) scored 1.0; a right memo whose note
    # set the superseded drafts aside lost both gaps
    from worldsmith.environments.tasks import Check

    task = SimpleNamespace(needs=SimpleNamespace(facts=["debt", "debt_after"]))
    world = SimpleNamespace(facts={f.id: f for f in loan.plan.facts})
    assert grading._dated_before_its_figures("MEMORANDUM\nTo: A\nDate: April 1, 2026\n\nBody.", task, world)
    assert not grading._dated_before_its_figures("MEMORANDUM\nTo: A\nDate: June 10, 2026\n\nBody.", task, world)
    draft = SimpleNamespace(value=Money(amount=Decimal(99_000_000), currency="USD"))
    grading._WORLD_NOW[0] = SimpleNamespace(plan=SimpleNamespace(distractors=[draft]))
    try:
        final = Check(type="answer_final", values=["USD 8,000,000"], numbers=[8_000_000.0], unit="USD")
        body = "Fleet debt fell by USD 8,000,000.\n"
        assert grading._final(body + "Note: the draft USD 99,000,000 debt is superseded.\nAnswer: USD 8,000,000", final)
        assert not grading._final(body + "Debt stands at USD 99,000,000.\nAnswer: USD 8,000,000", final)
    finally:
        grading._WORLD_NOW[0] = None
