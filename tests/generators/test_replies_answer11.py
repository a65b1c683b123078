"""Issue 17 point 2 (mail11): a reply gives the kind of answer its question asks. A yes or no that a cap decides is
answered by the cap, its figure the reason ('can they charge this?' was answered 'The rate on the adjustment cap
percentage is 12%.'); one the ledger does not decide is answered by what it turns on; a percentage is no 'rate on'
itself; and the check yes_no_answered fails a thread whose title's yes or no no reply answers."""

from __future__ import annotations

import re
from decimal import Decimal

import duckdb

from tests.generators.context_fixture import email_context, fact
from worldsmith.generators.compose.bank import Picker
from worldsmith.generators.compose.facts import named_sentence
from worldsmith.generators.kinds.email.compose import title_answer
from worldsmith.worlds.values import Percent

CAP_PERCENT = fact("cap_percent", "Clause 6.3 caps any price adjustment under clause 6.2 at 12% of the annual contract "
                                  "value in a contract year.", Percent(value=Decimal("12"))).model_copy(
    update={"label": "adjustment cap percentage"})


def _answer(title: str, seed: int, **spec) -> str:
    ctx = email_context("reply", seed=seed, facts=[CAP_PERCENT])
    ctx = ctx.model_copy(update={"spec": ctx.spec.model_copy(update=dict(title=title, answers="cap_percent", **spec))})
    return title_answer(Picker(seed), ctx)[0]


def test_a_yes_or_no_a_cap_decides_is_answered_by_the_cap_not_by_the_figure_alone():
    for seed in range(6):
        said = _answer("Surcharge invoice: can they charge this?", seed, answers_bound="min",
                       answers_bound_label="capped surcharge")
        assert "the capped surcharge" in said.lower() and "12%" in said, said
        assert "adjustment cap percentage: 12%" not in said  # the figure said as a sentence, the ground of the answer
        floor = _answer("Minimum fee: do they get the floor?", seed, answers_bound="max",
                        answers_bound_label="minimum fee")
        assert "the minimum fee" in floor.lower() and ("not below" in floor.lower() or "floor" in floor), floor


def test_a_yes_or_no_the_ledger_does_not_decide_is_answered_by_what_it_turns_on():
    for seed in range(6):
        said = _answer("Research: is an index pass-through an adjustment under clause 6.3?", seed)
        assert ("turns on" in said or "depends on" in said) and "12%" in said, said


def test_the_planner_marks_what_bounds_the_figure_a_question_is_on():
    from worldsmith.generators.questions import bound_of

    class F:
        def __init__(self, id, formula=None, label=""):
            self.id, self.formula, self.label = id, formula, label
    facts = [F("claimed"), F("capped", "percent_of(cap_percent, value)", "capped surcharge"),
             F("allowed", "min(claimed, capped)"), F("floor_fee", None, "minimum fee"), F("fee", "max(due, floor_fee)")]
    kind, bound = bound_of("claimed", facts)
    assert (kind, bound.label) == ("min", "capped surcharge")
    assert bound_of("due", facts)[0] == "max" and bound_of("capped", facts)[1].id == "claimed"
    assert bound_of("value", facts) is None


def test_a_percentage_is_no_rate_on_itself():
    # 'The percentage on the adjustment cap percentage is 12%.' (supply-surcharge at seed 61)
    for seed in range(40):
        said = named_sentence(Picker(seed), CAP_PERCENT, "email")
        assert not any(x in said for x in ("percentage on", "rate on", "rate for the adjustment")), said


def test_the_check_fails_a_thread_whose_yes_or_no_no_reply_answers():
    from worldsmith.worlds.validate import load_checks
    check = next(c for c in load_checks() if c.id == "yes_no_answered")
    con = duckdb.connect()
    con.execute("create table artifacts (id varchar, kind varchar, thread varchar, position int, mode varchar, "
                "author varchar, title varchar, distractor varchar)")
    con.execute("create table emails (artifact_id varchar, body_new varchar)")
    title = "Brennmoor surcharge invoice: can they charge this?"
    con.execute("insert into artifacts values ('m1','email','t',0,'new','kim',?,null), "
                "('m2','email','t',1,'reply','alex',?,null)", [title, "Re: " + title])
    con.execute("insert into emails values ('m1','Can they charge this?'), "
                "('m2','The rate on the adjustment cap percentage is 12%.')")
    assert [r[0] for r in con.execute(check.sql).fetchall()] == ["m1"]
    con.execute("update emails set body_new = 'Only up to the capped surcharge, as I read it: the adjustment cap "
                "percentage is 12%.' where artifact_id = 'm2'")
    assert con.execute(check.sql).fetchall() == []


def test_an_either_or_question_is_answered_by_a_reply_that_takes_one_end():
    # author37's royalty audit: 'Audit-cost clause: does the 5% test run on royalties or on net sales?' was refused
    # though the reply said which; a reply naming neither end, with no yes, no or view, is still refused
    from worldsmith.worlds.validate import load_checks

    check = next(c for c in load_checks() if c.id == "yes_no_answered")
    con = duckdb.connect()
    con.execute("create table artifacts (id varchar, kind varchar, thread varchar, position int, mode varchar, "
                "author varchar, title varchar, distractor varchar)")
    con.execute("create table emails (artifact_id varchar, body_new varchar)")
    title = "Audit-cost clause: does the 5% test run on royalties or on net sales?"
    con.execute("insert into artifacts values ('m1','email','t',0,'new','kim',?,null), "
                "('m2','email','t',1,'reply','alex',?,null)", [title, "Re: " + title])
    con.execute("insert into emails values ('m1','Which base is it?'), ('m2','The shortfall is USD 576,000.')")
    assert [r[0] for r in con.execute(check.sql).fetchall()] == ["m1"]
    for body in ("It runs on the royalties paid for the audit period: USD 576,000 is 8% of them.",
                 "Clause 9.4 measures it against net sales as reported."):
        con.execute("update emails set body_new = ? where artifact_id = 'm2'", [body])
        assert con.execute(check.sql).fetchall() == [], body


def test_a_question_answered_by_the_other_sides_figure_says_it_is_what_they_claim():
    # bonus-cap-dispute at seed 61: "Oakhurst claim: what do we owe?" answered "Short answer: the bonus claimed is USD
    # 74,400.", the claimant's own figure given as what is owed
    for seed in range(4):
        ctx = email_context("reply", seed=seed, facts=[CAP_PERCENT])
        ctx = ctx.model_copy(update={"their_labels": ["adjustment cap percentage"], "spec": ctx.spec.model_copy(
            update=dict(title="Oakhurst claim: what do we owe?", answers="cap_percent"))})
        said = title_answer(Picker(seed), ctx)[0]
        assert "12%" in said and re.search(r"\bclaimed\b", said) and re.search(r"do not accept|not what we accept", said), said


def _frames(node, key: str):
    """The frames under `key` anywhere in a bank."""
    if isinstance(node, dict):
        if key in node:
            return node[key]
        return next((got for v in node.values() if (got := _frames(v, key)) is not None), None)
    return None


def test_every_question_an_advice_note_asks_of_a_challenge_has_an_answer_of_its_kind():
    # "Is there anything in the annual base salary that Gadsby Crane Solicitors could realistically challenge, and how
    # strong would that challenge be if it came?" was answered by the figure alone (bonus-cap-dispute at seed 61)
    from worldsmith.generators.compose.bank import bank

    email = bank("email")
    asks = _frames(email["advice"], "dispute_asked")
    assert asks
    for ask in asks:
        entry = next((e for e in email["answers_to"] if re.search(e["match"], ask, re.I)), None)
        assert entry is not None, ask
        if "is that your read" in ask:
            assert all(f.startswith("Yes") for f in entry["say"]), entry["say"]  # a read to confirm is confirmed first
        assert not any(re.fullmatch(r"[^.]*\{figure\}[^.]*\.", f) for f in entry["say"]), entry["say"]


def test_a_figure_whose_label_names_its_instrument_is_sourced_to_it():
    # "What is the source for the royalty rate under the franchise agreements?" answered "I'll dig out the paper it
    # comes from and send you a copy by tomorrow morning." (franchise-encroachment at seed 61)
    from worldsmith.generators.kinds.email.compose import _UNDER_PAPER

    said = {label: (m.group("paper") if (m := _UNDER_PAPER.search(label)) else "") for label in (
        "the royalty rate under the franchise agreements", "the day rate under the charterparty", "the rent per the lease",
        "the bonus claimed", "the fee under review")}
    assert said == {"the royalty rate under the franchise agreements": "the franchise agreements",
                    "the day rate under the charterparty": "the charterparty", "the rent per the lease": "the lease",
                    "the bonus claimed": "", "the fee under review": ""}


def test_a_decision_the_writers_own_side_took_is_never_the_readers():
    # bonus-cap-dispute at seed 61: the HR Director, who had decided the tender herself, to her counsel: "We have your
    # decision (tender the capped bonus and dispute the excess) and will work to it."; buyside-diligence: the buyer to
    # its advisers' notes of its own committee's approval, likewise
    from tests.generators.context_fixture import DANA, RUTH, SAM
    from worldsmith.generators.kinds.email.compose import decided_by_us
    from worldsmith.worlds.values import Text

    decision = fact("tender", "On June 15, 2026 the Chief Financial Officer decided to tender the capped bonus.",
                    Text(value="tender the capped bonus"))
    ctx = email_context("reply", facts=[decision], to=[DANA]).model_copy(update={"author": RUTH, "cast": [RUTH, DANA, SAM]})
    assert decided_by_us(ctx)
    assert not decided_by_us(ctx.model_copy(update={"author": DANA}))  # counsel notes the client's decision
    by_name = fact("ic", "On October 7, 2026 Corvale Shipping's board decided on the acquisition: approved.",
                   Text(value="approved"))
    assert decided_by_us(ctx.model_copy(update={"facts": [by_name]}))
    assert not decided_by_us(ctx.model_copy(update={"facts": [by_name], "author": SAM}))


def test_a_view_on_a_date_is_no_figure_that_holds():
    # grant-audit at seed 61: "Can you tell us by January 22 whether this alters your view?" answered "My view: nothing I
    # have seen moves our number for the deadline for the response to the draft audit report"
    from worldsmith.generators.compose.bank import bank

    entry = next(e for e in bank("email")["answers_to"] if re.search(e["match"], "whether this alters your view?", re.I))
    assert entry.get("dated") and not any(re.search(r"\b(?:figure|number)\b", f) for f in entry["dated"])
