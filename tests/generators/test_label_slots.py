"""Issue 17 (voice5): a fact's label goes into a frame only where the frame's slot fits the label's grammar (read 24's
score sheets: "Paige: the working on the barrels discharged to me (February 26)", "My view: the barrels discharged
hold on what we have.", "thoughts on memo by end of day"). The rules are general; the session's worlds only show
them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.generators.offline_world import offline_world
from worldsmith.generators.compose.facts import _OBJECT_BEFORE, _plural
from worldsmith.generators.labels import as_count, count_clause, counted, fact_label
from worldsmith.worlds.content import EmailContent

ROOT = Path(__file__).resolve().parents[2]

# Slots that do not parse, as read 24's readers found them in mail and chat.
_BAD_SLOT = re.compile(
    r"(?i)\bholds? on what we have\b"  # a label made the subject of a view ("the barrels discharged hold on ...")
    r"|^- [A-Z][\w' -]*: the (?:working|workings|calculation|back-up) (?:on|for|behind) [^\n]* to \w+ \("  # no verb
    r"|^- the working on [^\n]*, from me to\b"
    # a step that is its object alone ("- Arthur: the delivery charges collected at GBP 3,264,000 (22 June)")
    r"|^- [A-Z][\w' -]*: the (?:(?!\b(?:works|is|are|comes?|stands?|go-ahead|decision|call|approval|sign-off|"
    r"instructions|yes)\b)[^\n:])*? at (?:[A-Z]{3} )?[\d,.]+(?: [a-z]+)? \("
    r"|\bthe (?:the|a|an)\b|\ba (?:a|an|the)\b"  # a label's article on a frame's
    r"|\bthe to [a-z]+ (?:to|the)\b"  # a decision's verb phrase in a noun's slot ("the to appeal to the Tribunal")
    # a label or a subject line as the thing done ("ok, the responsible party logged", "rejection of tender;
    # reservation of rights under Clause 41.3 went to Fairleigh earlier")
    r"|^ok, the [^\n]* (?:noted|logged|updated on my side)$"
    r"|^(?!(?:our|the|my|it|that|this|first|draft|a|an) )(?-i:[a-z])[^\n]{3,120} (?:has gone|went) to (?-i:[A-Z])"
    # a file's bare name where a noun phrase goes ("working from draft answer going forward")
    r"|\b(?:flag anything on|working from|will go through|thoughts on|comments on) "
    r"(?!the |a |an |(?:it|them|what|this|that|these|those|each|all|any|our|your|my|his|her|their)\b"
    r"|(?-i:[A-Z0-9])|\w+'s )",
    re.M)

# A report's stock wordings in a letter by email ("Having reviewed the file, the waiver fee rate is taken at 0.25%",
# "for the equity cure amount, USD 9,000,000 is used throughout", "on our reading of the file", read 24).
_STOCK = re.compile(r"(?i)\bon our reading of the file\b|\bhaving reviewed the file\b|\bon the information provided\b|"
                    r"\bon the documents reviewed\b|\bis used (?:throughout|consistently|in every schedule)\b|"
                    r"\b(?:is|are|has been|have been) (?:taken|put) (?:at|as)\b")


def _texts(contents) -> list[str]:
    """Each message's own words: an email's body above any quoted history, and each chat post."""
    out = []
    for c in contents.values():
        if isinstance(c, EmailContent):
            out.append(re.split(r"\n\s*(?:On .{0,120}wrote:|>)", c.body, maxsplit=1)[0])
        elif getattr(c, "kind", None) == "chat":
            out.extend(m.text for m in c.messages)
    return out


@pytest.fixture(scope="module", params=["outlines/examples/tanker-spill-liability.yaml",
                                        "outlines/examples/hospital-revenue-audit.yaml",
                                        "tests/fixtures/covenant-breach.yaml",
                                        "outlines/examples/buyside-diligence.yaml"])
def world(request):
    plan, _, contents = offline_world(ROOT / request.param, 61)
    return plan, contents


def test_no_label_in_a_slot_its_grammar_does_not_fit(world):
    _, contents = world
    texts = _texts(contents)
    assert len(texts) > 40
    bad = [m.group(0) for t in texts for m in _BAD_SLOT.finditer(t)]
    assert not bad, bad


def test_no_report_stock_in_mail(world):
    _, contents = world
    bodies = [t for c in contents.values() if isinstance(c, EmailContent) for t in _texts({"": c})]
    bad = [m.group(0) for t in bodies for m in _STOCK.finditer(t)]
    assert not bad, bad


def test_a_count_is_named_by_its_number_never_by_the_things_counted(world):
    # ("What is the source for the barrels discharged?", "The barrels discharged are 18,400 barrels.", read 24)
    plan, contents = world
    texts = _texts(contents)
    for f in plan.facts:
        unit = getattr(f.value, "unit", None)
        if f.value.type != "number" or not unit or as_count(f"the {f.label}", unit) == f"the {f.label}":
            continue
        things = re.sub(r"^the ", "", f.label)
        bare = [t for t in texts if re.search(rf"(?i)(?<!number of )\b{re.escape(things)}\b(?! of)", t)
                and not re.search(rf"(?i)\d[\d,]* {re.escape(things)}", t)]
        assert not bare, bare[:3]


def test_a_plural_label_takes_a_plural_verb(world):
    # ("- The permitted add-backs is set at USD 3,800,000, as of August 11.", covenant-breach's weekly note at seed 61)
    plan, contents = world
    texts = _texts(contents)
    bad = []
    for f in plan.facts:
        label = fact_label(f)
        if not _plural(label):
            continue
        verb = re.compile(rf"(?i)\b{re.escape(label)} (?:is|was|has|stands|holds|remains|comes|works)\b")
        bad += [m.group(0) for t in texts for m in verb.finditer(t) if not _OBJECT_BEFORE.search(t[:m.start()])]
        # ...nor with its value and day between ("Verrin Mace LLP's sale-process costs added back of GBP 150,000 (2
        # October) has gone into the working", buy-side at seed 61)
        bare = re.escape(label.removeprefix("the "))
        bad += [m.group(0) for t in texts for m in re.finditer(rf"(?i)'s {bare} of [^()\n]{{1,30}} \([^)\n]{{1,20}}\) "
                                                             r"(?:is|has)\b", t)]
    assert not bad, bad


def test_the_casts_of_a_count_label():
    assert as_count("the barrels discharged", "barrels") == "the number of barrels discharged"
    assert as_count("the claims in the review period", "claims") == "the number of claims in the review period"
    # a label that names the measure, not the things, is its own noun phrase
    assert as_count("the gross tonnage", "GT") == "the gross tonnage"
    assert as_count("the probe sample", "claims") == "the probe sample"
    assert counted("the number of barrels discharged", "18,400 barrels") == "18,400 barrels discharged"
    assert count_clause("the number of barrels discharged", "18,400 barrels") == "18,400 barrels were discharged"
    assert count_clause("the number of claims in the review period", "10,560 claims") == \
        "there are 10,560 claims in the review period"
    assert count_clause("the probe sample", "400 claims") == ""


def test_a_label_whose_head_is_one_thing_takes_a_singular_verb():
    # "Having reviewed the file, the penalty rate after reductions for disclosure are taken at 20%" (vat-delivery, 61)
    assert not _plural("the penalty rate after reductions for disclosure")
    assert not _plural("the deadline before hearings")
    assert _plural("the removal costs")
