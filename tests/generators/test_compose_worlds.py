"""The offline composer across whole example worlds (issue 17): sides, replies, text facts, voice, chat."""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest

from tests.generators.offline_world import offline_world
from worldsmith.generators.compose.facts import slot_of
from worldsmith.generators.compose.parties import client_of, engaged_by
from worldsmith.generators.context import build_context
from worldsmith.generators.context import FactRef
from worldsmith.generators.labels import as_first_sent
from worldsmith.generators.sides import principal, relations
from worldsmith.worlds.content import DocumentContent, EmailContent
from worldsmith.worlds.outline import load_outline
from worldsmith.worlds.values import Text

EXAMPLES = Path(__file__).resolve().parents[2] / "outlines" / "examples"
GREETING = re.compile(r"^(Hi|Hello|Hey|Dear|Good morning|Morning|All|Team)\b")
SIGN_OFF = re.compile(r"(?im)^(best( regards)?|(kind |warm )?regards|thanks|thank you|many thanks|cheers|sincerely|"
                      r"yours sincerely)[,.!]?$")


@functools.lru_cache(maxsize=None)
def world(name: str):
    """(plan, contents) of an example made offline at seed 0, without rendering."""
    plan, _, contents = offline_world(EXAMPLES / f"{name}.yaml", 0)
    return plan, contents


def test_relations_come_from_the_roles():
    tanker = load_outline(EXAMPLES / "tanker-spill-liability.yaml").organisations
    known = relations(tanker)
    assert known["harrowvane"] == ("ostrander", "ostrander")
    assert known["fairleigh"][0] == "kestrel_bay"  # "counsel to Kestrel Bay Tankers (opposing counsel)"
    assert known["gulfline"] == ("ostrander", "harrowvane")  # retained by Harrowvane on Ostrander's behalf
    assert known["ostrander"] == (None, None) and principal(tanker, "gulfline") == "ostrander"
    deal = relations(load_outline(EXAMPLES / "buyside-diligence.yaml").organisations)
    assert deal["verrin"][0] == "pennock" and deal["gatehouse"][0] == "pennock"  # "engaged by the buyer", "buyer's counsel"
    assert deal["ostlerbrook"][0] == "cindermill"
    # "outside counsel" names no one: it acts for the matter's one client
    mini = relations(load_outline(EXAMPLES.parents[1] / "tests" / "fixtures" / "mini.yaml").organisations)
    assert mini["firm"] == ("client", "client")


def test_a_draft_is_named_as_it_was_the_day_it_went_round():
    assert as_first_sent("DRAFT v1 (superseded): Memo re OPA 90") == "DRAFT v1: Memo re OPA 90"
    assert as_first_sent("Damages schedule (interim, superseded): removal costs") == "Damages schedule (interim): removal costs"
    assert as_first_sent("Preliminary loss estimate (superseded by the adjusted loss of June 9, 2026)") == \
        "Preliminary loss estimate"
    assert as_first_sent("Plain title") == "Plain title"


def test_text_values_get_slots_that_fit_them():
    def fact(text: str) -> FactRef:
        return FactRef(id="x", statement="s", value=Text(value=text), text=text, label="the decision")

    assert slot_of(fact("reject the tender of defense")) == "text_verb"
    assert slot_of(fact("approved subject to consent")) == "text_outcome"
    assert slot_of(fact("voluntary refund through the contractor")) == "text_phrase"
    assert slot_of(fact("M/T Aurelian Tide")) == "text"


@pytest.mark.parametrize("name", ["tanker-spill-liability", "buyside-diligence"])
def test_party_relations_agree_with_the_plan(name):
    plan, contents = world(name)
    orgs = {o.name: o.id for o in plan.organisations}
    known = relations(plan.organisations)
    seen = 0
    for c in contents.values():
        text = c.body if isinstance(c, EmailContent) else " ".join(
            p for s in c.sections for p in s.paragraphs) if isinstance(c, DocumentContent) else ""
        names = "|".join(re.escape(n) for n in orgs)
        for m in re.finditer(rf"({names}) (?:was instructed by|acts for|instructed) ({names})", text):
            a, b = orgs.get(m.group(1)), orgs.get(m.group(2))
            if a and b:
                seen += 1
                if "instructed " + m.group(2) in m.group(0):  # "{client} instructed {org}"
                    a, b = b, a
                assert a != b and b in known[a], m.group(0)
    # where a file says who acts for whom it is checked here; that the papers' frames are filled with the right
    # parties is test_a_paper_names_whom_its_author_acts_for (no paper of the examples need say it in words)


def test_a_paper_names_whom_its_author_acts_for():
    """The client and the instructing party a paper's frames are filled with ({client}, {engager}: 'Harrowvane acts
    for Ostrander') are the ones the outline's roles give the author's organisation, for every file of the legal world."""
    plan, contents = world("tanker-spill-liability")
    taxonomy = offline_world(EXAMPLES / "tanker-spill-liability.yaml", 0)[1]
    orgs = {o.name: o.id for o in plan.organisations}
    known = relations(plan.organisations)
    named = set()
    for spec in plan.artifacts:
        if spec.kind not in ("document", "email") or spec.id not in contents:
            continue
        ctx = build_context(plan, taxonomy, spec, contents)
        author = orgs[ctx.author.organisation]
        for who in (client_of(ctx), engaged_by(ctx)):
            if who and who != ctx.author.organisation:
                assert orgs[who] in known[author], (spec.id, ctx.author.organisation, who)
                named.add((author, orgs[who]))
    # counsel names the owners' insurer's client, and the surveyor both its instructing counsel and the client
    assert ("harrowvane", "ostrander") in named and ("gulfline", "harrowvane") in named, named


@pytest.mark.parametrize("name", ["tanker-spill-liability", "buyside-diligence"])
def test_voice_is_within_the_bands_of_real_mail(name):
    plan, contents = world(name)
    bodies = [c.body for c in contents.values() if isinstance(c, EmailContent)]
    greeted = sum(bool(GREETING.match(b.strip())) for b in bodies) / len(bodies)
    signed = sum(bool(SIGN_OFF.search(b)) for b in bodies) / len(bodies)
    assert greeted <= 0.4 and signed <= 0.2, (greeted, signed)


@pytest.mark.parametrize("name", ["tanker-spill-liability", "buyside-diligence"])
def test_no_text_value_is_poured_into_a_figure_slot_and_no_subject_calls_a_draft_superseded(name):
    plan, contents = world(name)
    texts = [f.text for f in plan.facts if f.value.type == "text"]
    for spec in plan.artifacts:
        c = contents[spec.id]
        if isinstance(c, EmailContent):
            for t in texts:
                assert not re.search(r"\b(stands?|holds?|sits?) at " + re.escape(t), c.body), (spec.path, t)
            if spec.mode == "new":
                assert "superseded" not in c.subject.lower(), c.subject


def test_no_chat_line_of_one_world_reads_word_for_word_in_another():
    def lines(name: str) -> set[str]:
        plan, contents = world(name)
        return {m.text for c in contents.values() if getattr(c, "kind", "") == "chat" for m in c.messages}

    tanker, deal = lines("tanker-spill-liability"), lines("buyside-diligence")
    assert tanker and deal and not tanker & deal, sorted(tanker & deal)[:5]


def test_a_reply_to_a_question_answers_it():
    # (over the three examples: mail9 asks the source only of a figure the asker does not hold, so the diligence room
    # alone no longer holds two such questions)
    # (and over the diligence as it was before its thread points, tests/fixtures/fuzz_found/: its questions the rule was
    # read on, the LOI's and the data room's, are now their experts' and their answers too)
    from tests.generators.offline_world import ROOT, offline_world

    answered = 0
    rooms = [world(n) for n in ("buyside-diligence", "tanker-spill-liability", "hospital-revenue-audit")] + \
        [offline_world(ROOT / "tests/fixtures/fuzz_found/buyside-diligence.yaml", 0)[::2]]
    for contents, spec in ((contents, spec) for plan, contents in rooms for spec in plan.artifacts):
        if spec.kind == "email" and spec.mode == "reply" and spec.beat != "question":
            parent = contents[spec.parent].body
            if re.search(r"who has signed off|still a (working|moving)|source for", parent):
                body = contents[spec.id].body
                assert re.search(r"signed it off|signed off|final|working|source|papers|documents|See |on the \"|has it|"
                                 r"has seen|has cleared|have seen|have cleared|have it|"
                                 # or the paper that carries it, by name ('the non-binding letter of intent of 2
                                 # September 2026', mail6: the source asked for is given where the room has it)
                                 r"\b(?:letter|agreement|minutes|memo|notes|schedule|report|certificate|complaint|"
                                 r"statement|sheet|notice) (?:of|dated) |"
                                 # or a promise to find the paper where none is known (mail9; either wording of
                                 # the phrase bank's 'else' frames)
                                 r"dig out the paper|send you the paper it comes from|"
                                 # or the record its statement names, by what it is (mail10/mail11: "The Federal
                                 # On-Scene Coordinator's estimate, which you will have by midday Monday.")
                                 r"\b(?:estimate|invoice|quote|quotation|valuation|assessment|survey|accounts|register|"
                                 r"log|records?)\b", body, re.I), (parent, body)
                answered += 1
    assert answered >= 2
