"""Issue 17 (blind read 25, forms3): court papers in their real form. Composed offline on tests/fixtures/pi-quantum.yaml
(an English employers' liability claim, defended by the insurer's panel solicitors) and tests/fixtures/cmr-theft.yaml
(an English CMR cargo claim)."""

from __future__ import annotations

import functools
from pathlib import Path

from tests.generators.offline_world import offline_world
from worldsmith.worlds.content import DocumentContent

ROOT = Path(__file__).resolve().parents[2]


@functools.lru_cache(maxsize=None)
def _world(path: str, seed: int = 61):
    plan, _, contents = offline_world(ROOT / path, seed)
    return plan, contents


def _paper(path: str, title: str) -> str:
    plan, contents = _world(path)
    spec = next(s for s in plan.artifacts if s.title.startswith(title) and isinstance(contents.get(s.id),
                                                                                        DocumentContent))
    return "\n".join([s.heading + "\n" + "\n".join(s.paragraphs) for s in contents[spec.id].sections])


def test_an_english_statement_of_case_has_its_court_claim_number_and_statement_of_truth():
    # read 25: cmr-theft's Particulars 'No Commercial Court heading and no claim number ... no statement of truth';
    # pi-quantum's Defence of an injured worker's claim 'issued in the Business and Property Courts'
    claim = _paper("tests/fixtures/cmr-theft.yaml", "Particulars of claim")
    assert "COMMERCIAL COURT" in claim and "Claim No. CL-2026-" in claim, claim
    assert "The Claimant believes that the facts stated in these Particulars of Claim are true." in claim, claim
    assert "AND THE CLAIMANT CLAIMS: (1) GBP " in claim and "declare the rights" not in claim, claim
    defence = _paper("tests/fixtures/pi-quantum.yaml", "Defence")
    assert "KING'S BENCH DIVISION" in defence and "BUSINESS AND PROPERTY" not in defence, defence
    assert "The Defendant believes that the facts stated in this Defence are true." in defence, defence
    assert "Position or office held: Partner, Thorne Ashby LLP, the Defendant's solicitors" in defence, defence


def test_an_english_defence_pleads_no_us_motion_and_admits_only_what_cannot_change():
    # read 25: 'It is admitted that the contributory negligence alleged is 15%' (the defence's own allegation) and
    # 'fails, in whole or in part, to state a claim upon which relief can be granted' (a US Rule 12(b)(6) motion)
    # (the Defence carries its expert's points: what it admits and alleges is theirs, word for word, after the
    # paragraph that says whose pleading it is)
    defence = _paper("tests/fixtures/pi-quantum.yaml", "Defence")
    assert "relief can be granted" not in defence and "asks the Court to" not in defence, defence
    assert "1. The Defendant denies" in defence, defence
    assert "2. Breach of duty: it is admitted that on 14 October 2025 a steel mould slipped" in defence, defence
    assert "admitted that the contributory negligence" not in defence, defence
    assert "damages should be reduced by 15%" in defence, defence


def test_a_part_36_offer_is_made_by_the_party_under_the_rule_with_its_terms():
    # read 25: 'The "Part 36 offer" is called "non-binding" and is made for Castlegate, not the defendant. No CPR 36
    # wording, no 21-day relevant period ... not marked "WP save as to costs"' (a buyer's offer for a company)
    plan, contents = _world("tests/fixtures/pi-quantum.yaml")
    spec = next(s for s in plan.artifacts if s.title == "Part 36 offer letter")
    doc = contents[spec.id]
    text = _paper("tests/fixtures/pi-quantum.yaml", "Part 36 offer letter")
    assert doc.subtitle == "Without prejudice save as to costs", doc.subtitle
    assert "our client, Brackley Precast Ltd, the Defendant" in text and "pursuant to Part 36" in text, text
    assert "21 days" in text and "(the relevant period)" in text and "counterclaim" in text, text
    assert "GBP 150,000" in text and "non-binding" not in text and "investment committee" not in text, text


def test_an_offer_to_settle_takes_the_form_of_its_rule_and_a_buyers_offer_is_none():
    from worldsmith.generators.compose.substance.offers import offer_bodies, offer_regime
    from worldsmith.generators.context import build_context

    plan, contents = _world("tests/fixtures/pi-quantum.yaml")
    spec = next(s for s in plan.artifacts if s.title == "Part 36 offer letter")
    ctx = build_context(plan, offline_world(ROOT / "tests/fixtures/pi-quantum.yaml", 61)[1], spec, contents)
    us = ctx.model_copy(update={"locale": "en_US", "spec": spec.model_copy(update={"title": "Offer of judgment",
                                                                                   "purpose": ""})})
    assert offer_regime(us) == "rule68"
    _, bodies = offer_bodies(us, "Aaron Pryce", "Brackley Precast Ltd")
    said = " ".join(p for ps in bodies.values() for p in ps)
    assert "Rule 68" in said and "Defendant Brackley Precast Ltd offers to allow judgment" in said, said
    for title in ("Revised offer letter", "Offer letter for Project Millrace"):
        assert offer_regime(ctx.model_copy(update={"spec": spec.model_copy(update={"title": title, "purpose": ""})})) == ""


def test_a_hearing_is_before_the_court_and_its_note_records_the_order_not_an_agreement():
    # read 25: 'A "CMC" three weeks after issue, chaired by the claimant's partner with Kestrel's claims manager and no
    # judge. Kestrel "agree[s]" the full unlimited claim'; its calendar entry 'a firm-hosted video call ... no court'
    from worldsmith.generators.compose.substance.hearing import is_hearing

    assert is_hearing("Case management conference") and is_hearing("Minutes: CMC, May 3") and is_hearing("Pre-trial review")
    assert not is_hearing("Prep call for the CMC") and not is_hearing("Disciplinary hearing")
    assert not is_hearing("Joint settlement meeting") and not is_hearing("Trial preparation meeting")
    plan, contents = _world("tests/fixtures/cmr-theft.yaml")
    meeting = next(s for s in plan.artifacts if s.kind == "calendar" and s.title == "Case management conference")
    assert "meet." not in meeting.location and "Commercial Court (KBD)" in meeting.location, meeting.location
    note = _paper("tests/fixtures/cmr-theft.yaml", "Attendance note: Case management conference")
    assert "Before the Judge, Commercial Court (KBD)" in note, note
    assert "For the Defendant, Kestrel Freight Ltd: Kieran Rogers" in note, note
    assert "made an order in these terms" in note and "costs in the case" in note, note
    assert "Agreed between the parties" not in note and "chaired by" not in note, note
    assert "did not accept it; it remains in dispute" in note, note


def test_a_letter_before_claim_is_the_practice_directions_letter():
    # read 25: '"to set out the before claim". Under Grounds it says only "The carriage charges are GBP 3,850": no
    # facts ... No firm would send it'
    text = _paper("tests/fixtures/cmr-theft.yaml", "Letter before claim")
    assert "before claim" not in text.replace("This is a letter before claim", ""), text
    assert "Practice Direction on Pre-Action Conduct" in text, text
    assert "Our client's claim against you is for GBP 416,450, being the invoice value" in text, text
    assert "full written response" in text and "issue proceedings without further notice" in text, text
    assert "alternative dispute resolution" in text, text


def test_an_english_statement_of_case_shows_every_part_genre_structure_reads():
    # seed 97 of service-charge-dispute: the Particulars of Claim with a statement of truth were quarantined, 'the
    # pleading lacks its genre's prayer for relief ... signature block' (the check knew only 'asks the Court to')
    import re

    sql = (ROOT / "generators/kinds/document/checks/genre_structure.sql").read_text(encoding="utf-8")
    parts = re.findall(r"\('pleading', \d+, '([^']+)', 'text', '((?:[^']|'')+)'\)", sql)
    assert len(parts) >= 4, parts
    for path, title in (("tests/fixtures/cmr-theft.yaml", "Particulars of claim"),
                        ("tests/fixtures/pi-quantum.yaml", "Defence")):
        text = _paper(path, title)
        missing = [name for name, pattern in parts if not re.search(pattern.replace("''", "'"), text)]
        assert not missing, (title, missing)


def test_an_english_paper_titled_as_a_us_one_is_named_in_english_form():
    # seed 97 of service-charge-dispute: 'COMPLAINT: TALLIS PRINT LTD V. ASHCOMBE ESTATES LTD' under the caption and
    # 'the facts stated in this Particulars of Claim'
    from worldsmith.generators.compose.substance.pleading import english_name

    assert english_name("Complaint: Tallis Print Ltd v. Ashcombe Estates Ltd") == "Particulars of Claim"
    assert english_name("Draft answer") == "Defence" and english_name("Defence and counterclaim") == "Defence and Counterclaim"
    assert english_name("Particulars of claim") == "Particulars of Claim"


def test_a_party_is_pleaded_by_its_role_not_the_plans_relation_label():
    # seed 97 of service-charge-dispute: 'The Defendant, Ashcombe Estates Ltd, is the opposing party.' (its role:
    # 'opposing party; the landlord under the lease, ...')
    from worldsmith.generators.compose.substance.pleading import _role_of
    from worldsmith.generators.context import build_context

    plan, contents = _world("tests/fixtures/cmr-theft.yaml")
    spec = next(s for s in plan.artifacts if s.title == "Particulars of claim")
    ctx = build_context(plan, offline_world(ROOT / "tests/fixtures/cmr-theft.yaml", 61)[1], spec, contents)
    assert _role_of(ctx, "Kestrel Freight Ltd") == "the road haulier that carried the goods under a CMR consignment note"
    assert _role_of(ctx, "Harlow Medical Devices Ltd") == "the shipper and owner of the stolen goods"
