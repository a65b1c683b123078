"""Issue 17 (blind read 23, papers15): a report sets out the items its findings rest on. Composed offline on
tests/fixtures/lift-maintenance.yaml (a count of quarters named nowhere) and tests/fixtures/aircraft-redelivery.yaml (a
figure whose outline lists its heads)."""

from __future__ import annotations

import datetime as dt
import functools
import re
from decimal import Decimal
from pathlib import Path

from tests.generators.offline_world import offline_world
from worldsmith.generators.compose.substance.report import counted_periods
from worldsmith.generators.context import FactRef
from worldsmith.worlds.content import DocumentContent
from worldsmith.worlds.values import Number

ROOT = Path(__file__).resolve().parents[2]


@functools.lru_cache(maxsize=None)
def _world(path: str, seed: int = 61):
    plan, _, contents = offline_world(ROOT / path, seed)
    return plan, contents


def _findings(path: str, title: str) -> str:
    plan, contents = _world(path)
    spec = next(s for s in plan.artifacts if s.title.startswith(title) and isinstance(contents.get(s.id),
                                                                                        DocumentContent))
    return "\n".join(p for s in contents[spec.id].sections if "Finding" in s.heading for p in s.paragraphs)


def test_a_report_whose_figure_has_heads_lists_each_head():
    # read 23: 'Redelivery inspection report and discrepancy list, which lists no discrepancies: "Finding 1 ... left
    # discrepancies against Schedule 6 paras 2, 3 and 6 ... priced by our technical team at USD 412,500"'; 'The
    # interim records audit has one line'
    text = _findings("tests/fixtures/aircraft-redelivery.yaml", "Redelivery inspection report")
    assert re.search(r"\bcovers five items\b.*\(1\) Cabin interior.*\(5\) Cleaning and de-identification\.", text), text
    text = _findings("tests/fixtures/aircraft-redelivery.yaml", "Interim technical records audit")
    assert re.search(r"\bcovers four items\b.*\(1\) Replacement of rotables", text), text


def test_a_report_that_counts_periods_lists_each_period():
    # read 23: 'A forensic availability report that gives no measured availability % for any month': the outline's
    # '3 quarters' names no quarter, so the last three whole ones before the report's day, with what they were
    # counted for and what they were read from, in the statement's words
    text = _findings("tests/fixtures/lift-maintenance.yaml", "Brookvale callout response audit")
    assert ("The three quarters below the response target, each read from the callout logs: (1) October to December "
            "2025; (2) January to March 2026; (3) April to June 2026.") in text, text


def test_the_months_a_statement_names_are_the_months_counted():
    fact = FactRef(id="m", statement="The consultants' analysis of the meter readings shows the limit exceeded in "
                                     "January, February and April 2027.",
                   value=Number(value=Decimal(3), unit="months"), text="3 months", label="months over the limit")
    assert counted_periods(fact, dt.date(2027, 6, 1)) == ["January 2027", "February 2027", "April 2027"]
    # a count its statement does not name: the last whole months before the day, across a year's end
    fact = fact.model_copy(update={"statement": "The limit was exceeded in two months."})
    fact = fact.model_copy(update={"value": Number(value=Decimal(2), unit="months")})
    assert counted_periods(fact, dt.date(2027, 2, 10)) == ["December 2026", "January 2027"]


def _section(path: str, title: str, heading: str) -> str:
    plan, contents = _world(path)
    spec = next(s for s in plan.artifacts if s.title.startswith(title) and isinstance(contents.get(s.id),
                                                                                        DocumentContent))
    return "\n".join(p for s in contents[spec.id].sections if heading in s.heading for p in s.paragraphs)


def test_a_memo_whose_title_names_a_provision_reads_it_in_its_analysis():
    # read 23: 'The memo on Clause 6.7 reserves has a one-sentence Analysis and never discusses Clause 6.7' (no fact it
    # carries cites the clause: the reading is the one its purpose says it sets out, over the figures it governs)
    text = _section("tests/fixtures/aircraft-redelivery.yaml", "Memo re maintenance reserves", "Analysis")
    assert re.search(r"\bClause 6\.7 is the provision in point\. On our reading of Clause 6\.7, the reserves are "
                     r"Corrib's property, credited only against compensation for the same component\.", text), text
    assert re.search(r"\bthe Engine 2 EPR reserve balance \(USD 3,678,200\)", text), text
    # a memo whose analysis already reads the provision its title names is left as it was
    text = _section("tests/fixtures/aircraft-redelivery.yaml", "Memo re the Schedule 6 para 4.3 cap", "Analysis")
    assert "is the provision in point." not in text.split("para 4.3")[0], text


def test_a_one_sentence_analysis_answers_what_its_memo_says_it_explains():
    # read 23: 'An options memo that ... The Analysis section is one sentence' (its purpose: 'explains why the
    # synergies add-back fails'): the why, from the part of its facts' statements that speaks to it, and what it does
    # to the figures worked from that fact
    text = _section("tests/fixtures/covenant-breach.yaml", "Memo re the June 30 leverage test", "Analysis")
    assert re.search(r"\bThe synergies add-back fails because the USD 2,300,000 of projected procurement synergies is "
                     r"not factually supportable\b[^.]*\. On that footing the covenant EBITDA is USD 45,000,000, and "
                     r"the total net leverage ratio is 3\.7x\.", text), text


def test_a_provision_is_read_from_the_statements_the_memo_may_quote_in_full():
    # an unseen outline (an Article 33(1) memo) quoted the incident report's statement of the awareness date in full
    # and was quarantined by fact_statement_established_only: only a paper that establishes a fact quotes it
    from worldsmith.generators.compose.substance.memo import titled_provision
    from worldsmith.generators.context import build_context

    plan, taxonomy, contents = offline_world(ROOT / "tests/fixtures/aircraft-redelivery.yaml", 61)
    spec = next(s for s in plan.artifacts if s.title.startswith("Memo re maintenance reserves"))
    ctx = build_context(plan, taxonomy, spec, contents)
    quoted = "Under Clause 6.7 the reserves are credited only against the cost of the same component's shop visit"
    facts = [ctx.facts[0].model_copy(update={"statement": quoted + "."})] + list(ctx.facts[1:])
    own = ctx.model_copy(update={"facts": [f.model_copy(update={"establish": True}) for f in facts]})
    assert quoted in titled_provision(own, "")
    other = ctx.model_copy(update={"facts": [f.model_copy(update={"establish": False}) for f in facts]})
    assert quoted not in titled_provision(other, "") and "Clause 6.7 is the provision in point" in \
        titled_provision(other, "")
