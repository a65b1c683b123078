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


# Blind read 27: "The distributor terminated was February 12, 2026", "the open severity-1 defects are 41 defects". Facts
# built here, not planned: the frames are the point, and each rule is shown on two facts of different trades.
def _event(key, statement, label, day):
    from tests.generators.context_fixture import fact
    from worldsmith.worlds.values import DateValue
    return fact(key, statement, DateValue(value=day)).model_copy(update={"label": label, "past": True})


def _count(key, statement, label, n, unit):
    from decimal import Decimal

    from tests.generators.context_fixture import fact
    from worldsmith.worlds.values import Number
    return fact(key, statement, Number(value=Decimal(n), unit=unit)).model_copy(update={"label": label})


def test_an_events_day_is_said_as_the_event_on_that_day():
    import datetime as dt

    from worldsmith.generators.compose.bank import Picker
    from worldsmith.generators.compose.facts import event_clause, named_sentence
    terminated = _event("term", "Halden terminated the distributor on February 12, 2026.", "the distributor terminated",
                        dt.date(2026, 2, 12))
    served = _event("notices", "The notices of default were served on April 3, 2026.", "the notices of default served",
                    dt.date(2026, 4, 3))
    certified = _event("cert", "The architect certified substantial completion on August 25, 2026.",
                       "the substantial completion certified", dt.date(2026, 8, 25))
    completed = _event("done", "The buyer completed the purchase on May 5, 2026.", "the buyer completed",
                       dt.date(2026, 5, 5))
    assert event_clause(terminated) == "the distributor was terminated"
    assert event_clause(served) == "the notices of default were served"
    assert event_clause(completed) == "the buyer completed"  # the thing did it
    deadline = _event("dl", "The response was due on May 1, 2026.", "the response deadline", dt.date(2026, 5, 1))
    assert event_clause(deadline) == ""  # a label that names a day is said as the day
    # an event known from its own day is said as done on the day it is known ("The DPC inquiry commenced is 14 April
    # 2027"), one still ahead is left to the date frames
    begun = _event("inq", "The DPC gave notice on April 14, 2027 of an inquiry.", "the DPC inquiry commenced",
                   dt.date(2027, 4, 14)).model_copy(update={"past": False, "since": dt.date(2027, 4, 14)})
    assert event_clause(begun) == "the DPC inquiry was commenced"
    assert event_clause(begun.model_copy(update={"since": dt.date(2027, 3, 1)})) == ""
    for f in (terminated, served, certified, completed, begun):
        for register in ("email", "document"):
            for seed in range(40):
                out = named_sentence(Picker(seed), f, register)
                assert event_clause(f).lower() in out.lower() and f.text in out, out
                assert not re.search(rf"(?i){re.escape(f.label)} (?:was|is|were)\b|{f.text} was", out), out
                assert not re.search(r"(?i)\b(?:right now|for now|today|currently)\b", out), out


def test_a_count_whose_label_ends_in_its_unit_says_the_noun_once():
    from worldsmith.generators.compose.bank import Picker
    from worldsmith.generators.compose.facts import named_sentence
    defects = _count("sev1", "At go-live 41 severity-1 defects were open.", "the open severity-1 defects", 41, "defects")
    invoices = _count("inv", "The distributor disputes 12 invoices.", "the disputed invoices", 12, "invoices")
    assert counted("the open severity-1 defects", "41 defects") == "41 open severity-1 defects"
    assert count_clause("the disputed invoices", "12 invoices") == "there are 12 disputed invoices"
    # a fact sentence carries the fact's text verbatim (planned_fact_present reads it): where the count said once does
    # not ("41 open severity-1 defects" for "41 defects"), the label-and-value frame stays (an unseen outline's world
    # was quarantined, and its generate stopped, on the counted form)
    for f in (defects, invoices):
        for register in ("email", "document"):
            for seed in range(40):
                out = named_sentence(Picker(seed), f, register)
                assert f.text in out, out


def _view_asked(f, seed):
    from tests.generators.context_fixture import PARENT, email_context
    from worldsmith.generators.kinds.email.compose import compose_email
    ctx = email_context("reply", seed=seed, facts=[f])
    body = f"Hi Dana,\n\nI have been through {f.label}. We would like your view by Friday.\n\nSam"
    return compose_email(ctx.model_copy(update={"parent": PARENT.model_copy(update={"body": body})})).body


def test_a_name_or_a_course_is_never_called_a_figure():
    # "My view: nothing I have seen moves our number for the Iranian end user" (blind read 27)
    from tests.generators.context_fixture import fact
    from worldsmith.worlds.values import Text
    user = fact("end_user", "The end user of the consignment is Parsian Trading Co. of Tehran.",
                Text(value="Parsian Trading Co.")).model_copy(update={"label": "the Iranian end user"})
    venue = fact("seat", "The seat of the arbitration is Singapore under clause 19.", Text(value="Singapore")) \
        .model_copy(update={"label": "the seat of the arbitration"})
    for f in (user, venue):
        for seed in range(3):  # (a whole reply each: a few seeds show both wordings)
            body = _view_asked(f, seed)
            assert f.label.lower() in body.lower(), body
            assert not re.search(rf"(?i)\b(?:figure|number|working)s? (?:for|on) {re.escape(f.label)}", body), body


def test_a_figure_a_paper_fixes_is_taken_as_given_never_approved():
    # "the client approves the transaction value" (blind read 27): the one who decides takes a recommended figure it
    # decides on, and a figure of record as the papers fix it
    from decimal import Decimal

    from tests.generators.context_fixture import PARENT, email_context, fact
    from worldsmith.generators.kinds.email.compose import _no_echo
    from worldsmith.worlds.values import Money
    limit = fact("bi_limit", "The policy's business interruption coverage has a limit of USD 12,000,000 per "
                 "occurrence.", Money(amount=Decimal("12000000"), currency="USD")) \
        .model_copy(update={"label": "the business interruption limit"})
    price = fact("tv", "The share purchase agreement fixes the transaction value at EUR 48,000,000.",
                 Money(amount=Decimal("48000000"), currency="EUR")).model_copy(update={"label": "the transaction value"})
    fee = fact("fee", "Counsel estimates the phase one fee at USD 182,500.",
               Money(amount=Decimal("182500"), currency="USD")).model_copy(update={"label": "the phase one fee"})
    said = {}
    for f in (limit, price, fee):
        for seed in range(6):
            ctx = email_context("reply", seed=seed, facts=[f])
            ctx = ctx.model_copy(update={
                "parent": PARENT.model_copy(update={"body": f"Hi Dana,\n\nWe recommend {f.label} at {f.text}.\n\nSam"}),
                "spec": ctx.spec.model_copy(update={"beat": "decide"})})
            out = _no_echo(ctx, f"Hi Sam,\n\nDecision: we go ahead. {f.label.capitalize()} is {f.text}.\n\nDana")
            assert f.text in out
            said.setdefault(f.id, []).append(out)
    for key in ("bi_limit", "tv"):
        assert not any(re.search(r"(?i)\bapprov|\bcontent for\b|\bproceed with\b", x) for x in said[key]), said[key]
    assert any(re.search(r"(?i)\bapprove|\bcontent for\b|\bproceed with\b", x) for x in said["fee"])  # still decided


# Blind read 27 (labels4): the classes mail stopped showing came back in papers and served notices. "The DPC inquiry
# commenced is 14 April 2027" (a memo), "the Notice of Arbitration filed is 20 February 2026" (the notice of that day),
# "the open severity-1 defects are 41 defects" (minutes), "rely on the regulation violated", "We make formal gulf
# Meridian's response to the records demand", "We dispute the termination and produces only part of its records",
# agenda "The full disclosure report due (May 4, 2026, in on March 9): our response". Facts built here, of other trades.
def test_a_papers_event_is_said_on_its_day_past_or_that_day():
    import datetime as dt

    from worldsmith.generators.compose.substance.common import plain
    served = _event("served", "The landlord served the break notice on April 3, 2026.", "the break notice served",
                    dt.date(2026, 4, 3))
    lodged = _event("lodged", "The appeal was lodged with the tribunal on June 9, 2026.", "the appeal lodged",
                    dt.date(2026, 6, 9))
    assert plain(served) == "the break notice was served on April 3, 2026"
    assert plain(lodged) == "the appeal was lodged on June 9, 2026"
    # on the paper's own day (not yet past): the present, never "the appeal lodged is June 9, 2026"
    assert plain(lodged.model_copy(update={"past": False})) == "the appeal is lodged on June 9, 2026"
    # a label that names a day is said as the day, as before
    due = _event("due", "The reply is due on May 1, 2026.", "the reply deadline", dt.date(2026, 5, 1))
    assert plain(due.model_copy(update={"past": False})) == "the reply deadline is May 1, 2026"


def test_a_count_of_things_in_a_state_says_the_noun_once():
    from worldsmith.generators.compose.bank import Picker
    from worldsmith.generators.compose.facts import named_sentence
    from worldsmith.generators.compose.substance.common import plain
    from worldsmith.generators.labels import count_said
    assert count_said("the open severity-1 defects", "41 defects") == "41 defects are open, all severity-1"
    assert count_said("the overdue invoices", "12 invoices") == "12 invoices are overdue"
    assert count_said("the number of tenants affected", "64 tenants") == "64 tenants were affected"
    # a noun before them is no state, but a kind of them, said with them ('' left the frame's "disputed warranty invoices
    # are 4 invoices": an unseen outline's "registered class members are 6,214 members", session 27)
    assert count_said("the disputed warranty invoices", "4 invoices") == "4 invoices are disputed, all warranty invoices"
    leaks = _count("leaks", "At handover 9 category-2 leaks were open.", "the open category-2 leaks", 9, "leaks")
    overdue = _count("late", "The tenant has 12 overdue invoices.", "the overdue invoices", 12, "invoices")
    for f in (leaks, overdue):
        assert f.text in plain(f) and not re.search(rf"(?i)\b{re.escape(f.label)} (?:are|is)\b", plain(f)), plain(f)
        for register in ("email", "document"):
            for seed in range(20):
                out = named_sentence(Picker(seed), f, register)
                assert f.text in out and not re.search(rf"(?i)\b{re.escape(f.label)} (?:are|is)\b", out), out


def test_a_length_of_time_is_the_measure_of_what_the_label_names():
    # an unseen outline's delay analysis at seed 311: "owner-caused delay days are 71 days" (label_slot_grammar
    # quarantined the world); days, weeks and tonnes measure the thing the other words name
    from worldsmith.generators.compose.bank import Picker
    from worldsmith.generators.compose.facts import named_sentence
    from worldsmith.generators.compose.substance.common import plain
    from worldsmith.generators.labels import count_said
    assert count_said("owner-caused delay days", "71 days") == "the owner-caused delay is 71 days"
    assert count_said("the notice period days", "30 days") == "the notice period is 30 days"
    assert count_said("the open severity-1 defects", "41 defects") == "41 defects are open, all severity-1"
    delay = _count("delay", "The owner caused 71 days of delay.", "owner-caused delay days", 71, "days")
    assert delay.text in plain(delay) and "delay days are" not in plain(delay), plain(delay)
    for register in ("email", "document"):
        for seed in range(20):
            out = named_sentence(Picker(seed), delay, register)
            assert delay.text in out and not re.search(r"(?i)\bdelay days (?:are|is)\b", out), out


def test_what_a_party_relies_on_is_a_thing_or_the_record_of_an_event():
    import datetime as dt

    from tests.generators.context_fixture import fact
    from worldsmith.generators.compose.substance.common import relied_on
    from worldsmith.worlds.values import Text
    rule = fact("rule", "The importer breached Regulation 12(3) of the licensing regulations.",
                Text(value="Regulation 12(3)")).model_copy(update={"label": "the regulation breached"})
    ended = _event("ended", "The franchisor terminated the franchisee on March 2, 2026.", "the franchisee terminated",
                   dt.date(2026, 3, 2))
    assert relied_on(rule) == "the regulation that was breached (Regulation 12(3))"
    assert relied_on(ended) == "the record that the franchisee was terminated on March 2, 2026"


def test_a_second_verb_of_the_purpose_is_no_part_of_the_stand():
    from worldsmith.generators.compose.dispute import _THEN
    assert _THEN.split("the termination and produces only part of its records")[0] == "the termination"
    assert _THEN.split("the termination as wrongful and demands payment of the retention")[0] == \
        "the termination as wrongful"
    assert _THEN.split("the costs and expenses of the works")[0] == "the costs and expenses of the works"


def _notice(title, purpose):
    import datetime as dt

    from tests.generators.context_fixture import DANA, RUTH, email_context, fact
    from worldsmith.generators.context import OrgRef
    from worldsmith.generators.kinds.email.notice import notice_lines, served_noun
    from worldsmith.worlds.values import DateValue
    ended = fact("ended", "Tessmere terminated the supply agreement on March 2, 2025.",
                 DateValue(value=dt.date(2025, 3, 2))).model_copy(update={"label": "the termination date", "past": True})
    ctx = email_context("new", facts=[ended], to=[DANA])
    ctx = ctx.model_copy(update={"author": RUTH, "organisations": [
        OrgRef(name="Corvale Shipping Ltd", role="buyer"), OrgRef(name="Tessmere Metals plc", role="supplier"),
        OrgRef(name="Harrow Vane LLP", role="counsel to the supplier", acts_for="Tessmere Metals plc")],
        "spec": ctx.spec.model_copy(update={"title": title, "purpose": purpose})})
    noun = served_noun(ctx)
    return " ".join(notice_lines(ctx, noun, "March 9, 2025")) if noun else ""


def test_a_notice_titled_by_a_sentence_or_a_reply_serves_no_lowered_title():
    said = _notice("Corvale disputes termination and demands the retention",
                   "Corvale disputes the termination and withholds the retention.")
    assert said.startswith("We give formal notice in respect of the termination. We dispute the termination."), said
    said = _notice("Corvale's response to the inspection demand",
                   "Corvale disputes the termination and produces only part of its records.")
    assert said.startswith("We give our response to the inspection demand."), said
    for said in (said, _notice("Notice of dispute: supply agreement", "Corvale disputes the termination.")):
        assert not re.search(r"formal corvale|formal notice of corvale|\band (?:produces|demands|withholds)\b", said)


def test_an_event_or_a_paper_falls_on_its_day_and_is_not_one():
    # "The SOC alert was 6 February 2027", "The marketing launch is 23 March 2026" (labels4's harness at seed 61)
    import datetime as dt

    from worldsmith.generators.compose.bank import Picker
    from worldsmith.generators.compose.facts import named_sentence
    from worldsmith.generators.compose.substance.common import plain
    alarm = _event("alarm", "The fire panel raised the alarm on March 3, 2026.", "the fire alarm", dt.date(2026, 3, 3))
    launch = _event("launch", "The roadshow launch is set for June 8, 2026.", "the roadshow launch",
                    dt.date(2026, 6, 8)).model_copy(update={"past": False})
    demand = _event("dem", "The insurer's appraisal demand was served on May 15, 2026.", "the appraisal demand",
                    dt.date(2026, 5, 15))
    assert plain(alarm) == "the fire alarm was on March 3, 2026"
    assert plain(launch) == "the roadshow launch is on June 8, 2026"
    assert plain(demand) == "the appraisal demand was dated May 15, 2026"
    for f in (alarm, launch):
        for register in ("email", "document"):
            for seed in range(20):
                out = named_sentence(Picker(seed), f, register)
                assert f.text in out and not re.search(rf"(?i){re.escape(f.label)} (?:was|is) {f.text}", out), out
    # a label of a point in time is its date, as before
    due = _event("due", "The reply is due on May 1, 2026.", "the reply deadline", dt.date(2026, 5, 1))
    assert plain(due) == "the reply deadline was May 1, 2026"


def test_a_name_still_open_is_looked_into_never_taken_forward():
    # "Who is taking the Iranian end user forward from here?" (labels4's harness of an unseen outline at seed 61): a
    # name, a finding or an event's date is looked into; a figure is still taken forward or picked up
    from tests.generators.context_fixture import PARENT, email_context
    from worldsmith.generators.compose.bank import Picker
    from worldsmith.generators.kinds.email.compose import _plan_question
    parent = PARENT.model_copy(update={"body": "Hi Dana,\n\nHere is where we are.\n\nSam"})
    for label, word in (("the sanctioned consignee", True), ("the lessee's nominated operator", True),
                        ("the removal costs", False)):
        ctx = email_context("reply", seed=3, facts=[]).model_copy(update={
            "thread_labels": [label], "word_labels": [label] if word else [], "parent": parent})
        asked = [_plan_question(Picker(seed), ctx) for seed in range(6)]
        assert all(label in a for a in asked), asked
        taken = [a for a in asked if re.search(rf"(?i)taking {label} forward|who (?:has|is picking up|is carrying) "
                                               rf"{label}|next step on {label}: who (?:has it|is on it)", a)]
        assert not taken if word else taken, asked


def test_a_count_any_frame_named_by_its_things_is_said_once():
    # "The number of barrels discharged is 18,400 barrels." (a served notice), "As we have it from you, the number of
    # units declared in the royalty reports is 41,260 units; please confirm." (labels4's harness at seed 61)
    from worldsmith.generators.compose.facts import said_once
    crates = _count("crates", "The carrier lost 220 crates in transit.", "the number of crates lost", 220, "crates")
    pumps = _count("pumps", "Six pumps with cracked housings were found.", "the number of pumps with cracked housings",
                   6, "pumps")
    late = _count("late", "Payment was 45 days late.", "the number of days late", 45, "days")
    assert said_once("Hi.\n\nThe number of crates lost is 220 crates.", crates) == "Hi.\n\n220 crates were lost."
    assert said_once("As we have it, the number of crates lost is 220 crates; please confirm.", crates) == \
        "As we have it, 220 crates were lost; please confirm."
    assert said_once("- The number of pumps with cracked housings is 6 pumps.", pumps) == \
        "- There are 6 pumps with cracked housings."
    # a span of time is no set of things: as it was
    assert said_once("The number of days late is 45 days.", late) == "The number of days late is 45 days."


def test_a_paper_to_a_body_is_about_its_subject_never_the_body_of_it():
    # "asked us to advise on the board of the DPC inquiry, the submissions and the exposure" (labels4's harness of an
    # unseen outline at seed 61, from a title 'Board paper: ...')
    from worldsmith.generators.compose.substance.common import topic
    assert topic("Board paper: the harbour wall claim and the exposure") == "the harbour wall claim and the exposure"
    assert topic("Credit committee paper: the refinancing of the term loan") == "the refinancing of the term loan"
    assert topic("Marine survey report: M/T Aurelian Tide") == "the marine survey of M/T Aurelian Tide"  # as before


def test_a_papers_paragraphs_say_a_count_once_and_an_event_on_its_day():
    # "1.3 The number of turbines in the wind farm is 24 turbines." (an agreement's recital, labels4's harness at 61)
    import datetime as dt

    from worldsmith.generators.kinds.document.compose import _on_day_once
    pumps = _count("pumps", "The station has 8 pumps in service.", "the number of pumps in the station", 8, "pumps")
    alarm = _event("alarm", "The fire panel raised the alarm on March 3, 2026.", "the fire alarm", dt.date(2026, 3, 3))
    out = _on_day_once("1.3 The number of pumps in the station is 8 pumps. The fire alarm was March 3, 2026.",
                       [pumps, alarm])
    assert out == "1.3 There are 8 pumps in the station. The fire alarm was on March 3, 2026.", out
