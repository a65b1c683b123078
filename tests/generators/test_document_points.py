"""A document carries its outline points in its genre's form, offline and on the model path, and a check fails a
document that lost one (blind reads 31-32: documents 1/18, papers that restated headline figures under their
genre's headings and did none of the genre's work)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from tests.generators.planned import planned
from worldsmith.generators.context import build_context
from worldsmith.generators.kinds.document import DocumentProse, SectionProse, document_fields, merge, prose_of
from worldsmith.generators.kinds.document.compose import compose_document
from worldsmith.generators.kinds.document.points import point_paragraph, section_kind
from worldsmith.worlds.plan import PlannedPoint

FINDING = PlannedPoint(heading="Customer contracts", text="The main supply contract lets the customer terminate on a "
                                                          "change of control (clause 19.2). Protection: a signed "
                                                          "waiver as a condition to signing.")
ADVICE = PlannedPoint(heading=None, text="We recommend asking the counterparty for a standstill of 30 days before "
                                         "anything is signed.")
DECIDED = PlannedPoint(heading="Instruction", text="The board agreed to instruct counsel to write to the other side "
                                                   "within 5 business days.")
POINTS = [FINDING, ADVICE, DECIDED]


def _composed(fixture: str, aid: str, points=POINTS):
    plan, taxonomy = planned(fixture, 0)
    spec = next(a for a in plan.artifacts if a.id == aid)
    spec.cites, spec.points = [], list(points)
    ctx = build_context(plan, taxonomy, spec, {})
    return ctx, compose_document(ctx)


def _holding(doc, point: PlannedPoint) -> list:
    """The sections whose paragraphs carry the point's text."""
    return [s for s in doc.sections if any(point.text in p for p in s.paragraphs)]


# (fixture, document, the kind of section each point lands in, or a heading pattern, in POINTS' order)
CASES = [
    ("covenant-breach", "memo_re_the_june_30_leverage_tes", ("analysis", "recommendation", "analysis")),
    ("covenant-breach", "board_call_on_waiver_or_cure_minutes", ("discussion", "discussion", "decisions")),
    ("covenant-breach", "northbank_capital_request_for_ne", ("position", "position", "position")),
    ("construction-delay", "certificate_of_substantial_compl", ("findings", "findings", "findings")),
    ("construction-delay", "memo_re_liquidated_damages_and_t", ("analysis", "recommendation", "analysis")),
    ("construction-delay", "owner_contractor_agreement_stipu", ("clause", "clause", "clause")),
]


@pytest.mark.parametrize("fixture,aid,where", CASES, ids=[c[1] for c in CASES])
def test_each_point_is_placed_word_for_word_where_its_genre_does_that_work(fixture, aid, where):
    _, doc = _composed(fixture, aid)
    for point, kind in zip(POINTS, where):
        holding = _holding(doc, point)
        assert holding, f"{point.text!r} is not in {aid}"
        assert kind in [section_kind(s.heading) for s in holding], ([s.heading for s in holding], kind)
        if point.heading:
            assert any(f"{point.heading}: {point.text}" in p for s in holding for p in s.paragraphs)


def test_submissions_plead_the_points_as_numbered_grounds_running_through_the_paper():
    ctx, doc = _composed("demurrage-arbitration", "owners_claim_submissions")
    numbered = [p for s in doc.sections for p in s.paragraphs if re.match(r"\d+\. ", p)]
    assert numbered[:3] == [f"{n}. {p}" for n, p in zip((1, 2, 3), map(point_paragraph, POINTS))]
    assert [int(p.split(".")[0]) for p in numbered] == list(range(1, len(numbered) + 1))
    text = "\n".join(p for s in doc.sections for p in s.paragraphs)
    assert all(f.text in text for f in ctx.facts)


def test_a_boards_resolution_resolves_every_point_in_the_matters_language():
    plan, taxonomy = planned("covenant-breach", 0)
    spec = next(a for a in plan.artifacts if a.id == "board_call_on_waiver_or_cure_minutes")
    spec.cites, spec.points, spec.title = [], POINTS, "Uchwała zarządu: equity cure"
    doc = compose_document(build_context(plan, taxonomy, spec, {}))
    decisions = next(s for s in doc.sections if section_kind(s.heading) == "decisions")
    assert decisions.paragraphs[:3] == [f"{n}. {point_paragraph(p)}" for n, p in enumerate(POINTS, 1)]


def test_a_memo_answers_and_recommends_as_its_recommending_point_does():
    _, doc = _composed("covenant-breach", "memo_re_the_june_30_leverage_tes")
    answer = next(s for s in doc.sections if section_kind(s.heading) == "answer")
    assert answer.paragraphs[0].startswith("We recommend asking the counterparty for a standstill")
    rec = next(s for s in doc.sections if section_kind(s.heading) == "recommendation")
    assert [p for p in rec.paragraphs] == [ADVICE.text]  # the composer's own verdict is gone


def test_a_letter_numbers_its_points_and_keeps_its_salutation_and_close():
    _, doc = _composed("covenant-breach", "northbank_capital_request_for_ne")
    position = _holding(doc, FINDING)[0]
    assert [p.split(" ", 1)[0] for p in position.paragraphs[:3]] == ["1.", "2.", "3."]
    text = "\n".join(p for s in doc.sections for p in s.paragraphs)
    assert re.search(r"(?m)^Dear ", text) and "Yours sincerely," in text


def test_every_fact_is_still_stated_when_the_points_replace_its_paragraph():
    ctx, doc = _composed("construction-delay", "certificate_of_substantial_compl")
    text = json.dumps(doc.model_dump())
    assert all(f.text in text for f in ctx.facts)


def test_an_outlines_points_are_planned_as_of_the_documents_day_and_dealt_to_its_copies(tmp_path):
    from worldsmith.generators.planner import plan_world
    from worldsmith.taxonomies.loader import load_taxonomy, resolve_cast
    from worldsmith.worlds.outline import parse_outline

    text = (Path(__file__).resolve().parents[1] / "fixtures" / "mini.yaml").read_text()
    anchor = "        facts: [cap, tonnage, clause]\n"
    text = text.replace(anchor, anchor + '        points:\n          - "Limitation: the cap of {cap} holds."\n'
                                         '          - "We recommend pleading the cap at once."\n', 1)
    outline = parse_outline(text, file="mini.yaml")
    plan = plan_world(outline, resolve_cast(outline, load_taxonomy()), 0, "w")
    memo = next(a for a in plan.artifacts if a.kind == "document" and a.title == "Memo re limitation of liability")
    cap = next(f for f in plan.facts if f.id == "cap").on(memo.date)[1]
    assert [(p.heading, p.text) for p in memo.points] == [("Limitation", f"the cap of {cap} holds."),
                                                          (None, "We recommend pleading the cap at once.")]


def test_the_model_path_keeps_a_point_the_model_drops_or_rewrites():
    ctx, doc = _composed("covenant-breach", "memo_re_the_june_30_leverage_tes")
    assert "What this document must say, in order" in document_fields(ctx)["points"]
    assert FINDING.text in document_fields(ctx)["points"]
    # a model that writes its own paragraph everywhere, points included
    prose = prose_of(ctx, doc)
    rewritten = DocumentProse(sections=[SectionProse(paragraphs=["The position is under review."] * len(s.paragraphs))
                                        for s in prose.sections])
    merged, _ = merge(ctx, rewritten)
    text = "\n".join(p for s in merged.sections for p in s.paragraphs)
    assert all(p.text in text for p in POINTS)


def test_the_check_fails_a_document_whose_planned_point_is_not_in_it(published_mini, tmp_path):
    from tests.published import rendered_copy
    from worldsmith.worlds.store.load import load_bundle
    from worldsmith.worlds.validate import load_checks, run_checks

    world = rendered_copy(published_mini, tmp_path / "world")
    plan = json.loads((world / "plan.json").read_text())
    memo = next(a for a in plan["artifacts"] if a["kind"] == "document" and a.get("distractor") is None)
    md = (world / "room" / memo["path"]).with_suffix(".md").read_text()
    said = max((line for line in md.splitlines() if not line.startswith(("#", "|", ">"))), key=len).strip()
    memo["points"] = [{"heading": None, "text": said},
                      {"heading": "Limitation", "text": "The cap holds unless privity is shown."}]
    (world / "plan.json").write_text(json.dumps(plan))
    check = [c for c in load_checks() if c.id == "document_carries_points"]
    rows = run_checks(load_bundle(world), check).checks[0].rows
    assert [r.detail.split(" is planned")[0] for r in rows] == ["point 2 (Limitation)"]


def test_a_point_is_written_as_its_fact_stood_on_the_day_and_a_superseded_paper_writes_its_wrong_value():
    import datetime as dt

    from worldsmith.generators.planner import render_points
    from worldsmith.worlds.plan import DocumentSpec, FactPeriod, LedgerDistractor, LedgerFact
    from worldsmith.worlds.values import Money

    def money(n):
        return Money(type="money", amount=n, currency="USD")

    cap = LedgerFact(id="cap", statement="The cap.", value=money(12), text="USD 12", label="cap",
                     known_from=dt.date(2026, 3, 10), earlier=[FactPeriod(since=dt.date(2026, 3, 1), value=money(9),
                                                                           text="USD 9")])
    wrong = LedgerDistractor(id="old", fact="cap", value=money(7), text="USD 7", label="superseded")

    def doc(aid, day, distractor=None):
        return DocumentSpec(id=aid, item=aid, path=f"{aid}.docx", title=aid, author="a", occupation="o", facts=["cap"],
                            distractor=distractor, purpose="", date=day, doc_type="memo", sections=3,
                            points=[PlannedPoint(heading="Cap {cap}", text="the cap is {cap}.")])

    early, late, draft = doc("early", dt.date(2026, 3, 5)), doc("late", dt.date(2026, 3, 12)), \
        doc("draft", dt.date(2026, 3, 12), "old")
    render_points([early, late, draft], [cap], [wrong])
    assert [(d.points[0].heading, d.points[0].text) for d in (early, late, draft)] == \
        [("Cap USD 9", "the cap is USD 9."), ("Cap USD 12", "the cap is USD 12."), ("Cap USD 7", "the cap is USD 7.")]


def test_a_point_whose_heading_names_a_section_goes_there():
    # 'Conclusion' heads a section of its own: the point takes its place; 'Documents' names part of 'Documents Relied
    # On': the point follows what the section says (the tanker's complaint: 'Count I (...)' under 'Count I', blind
    # read of session 30)
    ends = PlannedPoint(heading="Conclusion (relief)", text="The sole arbitrator is asked to award the net demurrage "
                                                            "with interest and costs.")
    docs = PlannedPoint(heading="Documents", text="The statement of facts and the master's log are served with these "
                                                  "submissions.")
    _, before = _composed("demurrage-arbitration", "owners_claim_submissions", points=[FINDING])
    _, doc = _composed("demurrage-arbitration", "owners_claim_submissions", points=[FINDING, ends, docs])
    conclusion = next(s for s in doc.sections if s.heading == "Conclusion")
    assert [re.sub(r"^\d+\. ", "", p) for p in conclusion.paragraphs] == [point_paragraph(ends)]
    relied, was = (next(s for s in d.sections if s.heading == "Documents Relied On") for d in (doc, before))
    assert relied.paragraphs[:len(was.paragraphs)] == was.paragraphs
    assert re.sub(r"^\d+\. ", "", relied.paragraphs[-1]) == point_paragraph(docs)


def test_a_letters_numbered_paragraphs_run_through_it():
    # (a notice's 'Reservation: ...' point, placed under its 'Reservation of Rights', was numbered '1.' again after
    # its position's '3.': franchise-encroachment with pexam8's points at seed 5)
    _, doc = _composed("covenant-breach", "northbank_capital_request_for_ne",
                       points=POINTS + [PlannedPoint(heading="Next steps", text="We will write again on receipt.")])
    numbered = [int(p.split(".")[0]) for s in doc.sections for p in s.paragraphs if re.match(r"\d+\. ", p)]
    assert numbered == list(range(1, len(numbered) + 1)) and len(numbered) >= 4


def _paper_sections(fixture: str, seed: int, title: str) -> list:
    from tests.generators.offline_world import offline_world

    plan, _, contents = offline_world(ROOT / fixture, seed)
    spec = next(a for a in plan.artifacts if a.kind == "document" and a.title.startswith(title))
    return contents[spec.id].sections


ROOT = Path(__file__).resolve().parents[2]


def test_a_paper_with_points_writes_no_summary_verdict_or_tasks_of_its_own_beside_them():
    # blind read 34: a report's summary restating its points' figures in other words, a counter-schedule served on the
    # claimant that ends 'On our reading, we recommend asking Hollins Reid Solicitors to confirm ...', an action table
    # of stock tasks beside the minutes' own point of actions, meeting notes with the engine's Options A to C
    report = _paper_sections("tests/fixtures/pi-quantum.yaml", 61, "Report to insurer on quantum")
    summary = next(s for s in report if s.heading == "Executive Summary")
    assert not any(re.search(r"GBP \d", p) for p in summary.paragraphs), summary.paragraphs
    assert summary.paragraphs[0].startswith("Thorne Ashby LLP prepared this report for Castlegate"), summary.paragraphs
    # (and no list of its heads after its own opening: blind read 34 read "Set out below, in turn: ..." as a seam)
    assert not any("Set out below, in turn" in p for p in summary.paragraphs), summary.paragraphs
    assert not any(s.heading in ("Conclusion", "Next Steps", "Options") for s in report), [s.heading for s in report]
    counter = _paper_sections("tests/fixtures/pi-quantum.yaml", 61, "Counter-schedule of loss")
    text = "\n".join(p for s in counter for p in s.paragraphs)
    assert "we recommend" not in text.lower() and "On the documents reviewed" not in text, text
    assert "Care: agreed at GBP 8,640; the hours and the hourly rate are accepted." in text, text
    minutes = _paper_sections("outlines/examples/buyside-diligence.yaml", 3, "Investment Committee minutes")
    actions = next(s for s in minutes if s.heading == "Actions")
    assert actions.table is None and [p for p in actions.paragraphs if p.startswith("Actions: the deal team")], actions
    notes = _paper_sections("outlines/examples/buyside-diligence.yaml", 3, "Management presentation: meeting notes")
    assert not any(s.heading == "Options" for s in notes), [s.heading for s in notes]


@pytest.mark.parametrize("fixture,seed", [("tests/fixtures/emoney-data-breach-dpc-inquiry.yaml", 3),
                                          ("tests/fixtures/pi-quantum.yaml", 61)])
def test_a_paper_that_acts_states_its_facts_without_an_analysts_lead_in(fixture, seed):
    # emoney seed 3: Corrane's submissions to the DPC opened 'Having reviewed the file, we record 412,600 customers
    # affected.'; a notice, a letter, a pleading or a submission states what it states flatly
    from tests.generators.offline_world import offline_world
    from worldsmith.generators.kinds.document.compose import _acts

    plan, _, contents = offline_world(ROOT / fixture, seed)
    hedge = re.compile(r"(?i)\b(on the documents reviewed|having reviewed the file|on our reading of the file|"
                       r"on the information provided)\b")
    acting = [a for a in plan.artifacts if a.kind == "document" and _acts(a) and a.id in contents]
    assert len(acting) >= 2, [a.title for a in acting]
    said = [(a.title, p) for a in acting for s in contents[a.id].sections for p in s.paragraphs if hedge.search(p)]
    assert not said, said[:3]


def test_a_final_paper_or_one_that_acts_is_not_marked_for_discussion():
    # buyside seed 3: 'Financial due diligence and quality of earnings report (final)' was marked 'Confidential — For
    # Discussion Purposes'; a paper its title calls final, or a notice, a pleading, a contract, says what it says
    from tests.generators.offline_world import offline_world
    from worldsmith.generators.kinds.document.compose import _acts

    plan, _, contents = offline_world(ROOT / "outlines/examples/buyside-diligence.yaml", 3)
    final = [a for a in plan.artifacts if a.kind == "document" and a.id in contents
             and (re.search(r"(?i)\bfinal\b", a.title) or _acts(a))]
    assert any("(final)" in a.title for a in final), [a.title for a in final]
    marked = [(a.title, contents[a.id].subtitle) for a in final if "Discussion" in (contents[a.id].subtitle or "")]
    assert not marked, marked


def test_a_memo_answers_and_recommends_from_the_point_its_expert_headed_as_its_conclusion_or_next_step():
    # emoney seed 3: the memo on awareness answered 'Our short answer: the Article 33 notification was on 10 February
    # 2027 ...' and recommended 'Option A' beside its expert's 'Conclusion: awareness on 8 February 2027 is the better
    # view ...'; vat-delivery's memo 'I would work on the basis that the delivery charges collected are GBP 3,264,000'
    # beside 'Next step: request a statutory review ...'
    memo = _paper_sections("tests/fixtures/emoney-data-breach-dpc-inquiry.yaml", 3, "Memo re awareness under")
    answer = next(s for s in memo if s.heading == "Short Answer")
    rec = next(s for s in memo if s.heading == "Recommendation")
    assert answer.paragraphs[0].startswith("Awareness on 8 February 2027 is the better view"), answer.paragraphs
    assert rec.paragraphs == [p for p in rec.paragraphs if p.startswith("Conclusion: awareness on 8 February 2027")]
    assert rec.paragraphs and "Option A" not in "\n".join(p for s in memo for p in s.paragraphs)
    vat = _paper_sections("tests/fixtures/vat-delivery.yaml", 3, "Memo re the VAT assessment")
    rec = next(s for s in vat if s.heading == "Recommendation")
    assert rec.paragraphs[0].startswith("Next step: request a statutory review"), rec.paragraphs
    # the engine's options stay where its recommendation weighs them ('We recommend Option B')
    opa = _paper_sections("outlines/examples/tanker-spill-liability.yaml", 3, "Memo re OPA 90 limitation")
    text = "\n".join(p for s in opa for p in s.paragraphs)
    assert "Option B" not in text or any(s.heading == "Options" for s in opa), [s.heading for s in opa]


def test_a_paper_with_points_proposes_no_protection_or_conclusion_of_its_own_in_its_analysis():
    # buyside seed 3 (the brief's own case): the legal DD report proposed 'a condition to completion that Ashgrove
    # Process Industries consents' beside its point 'Protection: a signed waiver as a condition to signing', and
    # reports closed their working on 'Conclusion. Our conclusion is that ...' of a figure a point states
    dd = _paper_sections("outlines/examples/buyside-diligence.yaml", 3, "Legal due diligence report")
    text = "\n".join(p for s in dd for p in s.paragraphs)
    assert "Protection: a signed waiver as a condition to signing." in text, text
    assert "condition to completion that Ashgrove" not in text and "protection we propose" not in text, text
    report = _paper_sections("tests/fixtures/pi-quantum.yaml", 61, "Report to insurer on quantum")
    text = "\n".join(p for s in report for p in s.paragraphs)
    assert "Our conclusion is that" not in text and "Build-up of the past loss of earnings." in text, text


@pytest.mark.parametrize("seed", [3, 61])
def test_a_notice_with_points_keeps_what_it_gives_notice_of(seed):
    # vat-delivery at seeds 3 and 61: HMRC's notice of assessment lost 'We write to give notice of assessment ...' to
    # its points, and genre_contract quarantined the world ('the text lacks what is noticed')
    notice = _paper_sections("tests/fixtures/vat-delivery.yaml", seed, "Notice of assessment")
    text = [p for s in notice for p in s.paragraphs]
    at = next(i for i, p in enumerate(text) if p.startswith("We write to give notice of assessment"))
    assert text[at + 1].startswith("1. Assessment: output tax of GBP 544,000"), text
