"""A paper is of the genre its title's head noun and its writer's office make it, and is marked for who reads it.

Blind read 28 (three unseen outlines, now SEEN): a 'Form H' the insolvency professional files with the tribunal was
written as a borrower's loan-covenant certificate to counsel ('in compliance with that covenant for the period'),
because 'compliance certificate' stood later in its title; a contractor's notice of delay to the owner named no delay
event ('We refer to the earlier correspondence'), carried the case caption in its subject line and was marked
'Strictly Confidential' though it goes to the other side, with no copy to the contract administrator. Each test
composes one paper of a repository fixture's planned world (no world is made)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.generators.planned import planned
from worldsmith.generators.backends.offline import OfflineBackend
from worldsmith.generators.context import build_context
from worldsmith.worlds.content import DocumentContent

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


class _Done(dict):
    def __missing__(self, key):  # (the sheets a paper cites are not composed here)
        return None


def _compose(fixture: str, opens: str, seed: int, **update):
    plan, taxonomy = planned(FIXTURES / fixture, seed)
    spec = next(a for a in plan.artifacts if a.kind == "document" and a.title.startswith(opens))
    spec = spec.model_copy(update=update)
    ctx = build_context(plan, taxonomy, spec, _Done())
    return asyncio.run(OfflineBackend().generate(ctx, DocumentContent)), ctx, plan, spec


def _text(doc) -> str:
    return "\n".join([doc.subtitle or ""] + [s.heading for s in doc.sections] +
                     [p for s in doc.sections for p in s.paragraphs])


def test_a_title_is_headed_by_its_first_noun_phrase_not_a_word_later_in_it():
    from worldsmith.generators.compose.genres import head_noun

    assert head_noun("Form H: compliance certificate of the resolution professional") == "form"
    assert head_noun("Notice of claim for delay and extended general conditions under GC 6.5") == "notice"
    assert head_noun("Revised notice of claim for loss and expense") == "notice"
    assert head_noun("Forensic delay analysis - Phase 2") == "analysis"
    assert head_noun("Quillfield compliance certificate: June 30, 2026 test") == "certificate"
    assert head_noun("Memo re the notice of readiness and the time bar") == "memo"


def test_a_numbered_statutory_form_is_the_officers_certificate_to_the_body_it_is_filed_with():
    # a party's officer files a numbered form with the tribunal of the matter: words of certification in the first
    # person, what the purpose says it certifies, the facts recited, verified; never a loan covenant's test period
    doc, ctx, plan, _ = _compose(
        "demurrage-arbitration.yaml", "Memo re the notice of readiness", 61, doc_type="certificate",
        title="Form 7: compliance certificate of the owners' solicitors",
        purpose="The solicitors' certificate that the claim submissions comply with the procedure's time limits, "
                "filed with the claim submissions.")
    text = _text(doc)
    assert "covenant" not in text and "Test period" not in text and "test period" not in text, text
    assert doc.sections[0].heading == "Form 7", [s.heading for s in doc.sections]
    tribunal = next(o.name for o in plan.organisations if "arbitrator" in o.role)
    assert f"To: {tribunal}." in doc.sections[0].paragraphs, doc.sections[0].paragraphs
    assert f"I, {ctx.author.name}, " in text and "certify that the claim submissions comply with the procedure's " \
        "time limits" in text, text
    recited = next(s for s in doc.sections if s.heading == "Facts Recited").paragraphs
    assert len(recited) == len(ctx.facts) and all(f.text in text for f in ctx.facts), recited
    assert any(s.heading == "Verification" for s in doc.sections)


def test_a_borrowers_compliance_certificate_keeps_its_covenant_form():
    doc, ctx, _, _ = _compose("covenant-breach.yaml", "Compliance certificate for the fiscal quarter", 61)
    assert [s.heading for s in doc.sections][:2] == ["Certification", "Test period"], [s.heading for s in doc.sections]


def test_a_notice_to_the_other_side_states_its_events_is_unmarked_and_copies_the_administrator():
    doc, ctx, plan, spec = _compose(
        "construction-delay.yaml", "Revised notice of claim for loss and expense", 61,
        facts=["eot_weeks", "prolongation_costs", "disruption_costs", "loss_expense_claim", "response_deadline"])
    text = _text(doc)
    # the event the notice is given on, as the record states it, not 'We refer to the earlier correspondence'
    assert "the owner's late design changes to the imaging suite" in text, text
    assert "earlier correspondence" not in text and "previous correspondence" not in text, text
    # no marking of the writer's circle on a paper the owner reads
    assert not doc.subtitle, doc.subtitle
    # the architect who administers the contract is copied below the signature
    architect = next(o.name for o in plan.organisations if "administers the contract" in o.role)
    assert any(p.startswith("cc: ") and architect in p for p in doc.sections[-1].paragraphs), doc.sections[-1]
    # a notice's subject line names the parties, never a case caption
    from worldsmith.generators.kinds.document.front_matter import letter_matter

    franchise, _ = planned(FIXTURES / "franchise-encroachment.yaml", 61)
    notice = next(a for a in franchise.artifacts if a.kind == "document" and a.title.startswith("Notice of breach of"))
    assert " v " not in letter_matter(franchise, notice) and "Larkspur" in letter_matter(franchise, notice)


def _marked(papers: list[tuple[str, str, str, str]]) -> list[str]:
    """The check markings_fit_audience over papers (id, title, subtitle, text), each written by the contractor's vice
    president and read by the owner's director, in a store of the tables it reads."""
    import duckdb

    from worldsmith.worlds.validate import parse_check

    con = duckdb.connect()
    con.execute("create table organisations(id varchar, name varchar, role varchar, privileged boolean)")
    con.execute("insert into organisations values ('c', 'Builder Ltd', 'the general contractor', true), "
                "('o', 'Owner Inc', 'the owner', false), ('l', 'Hale LLP', 'construction counsel to the contractor', true)")
    con.execute("create table people(id varchar, organisation varchar)")
    con.execute("insert into people values ('vp', 'c'), ('dir', 'o'), ('lawyer', 'l')")
    con.execute("create table artifacts(id varchar, kind varchar, title varchar, author varchar)")
    con.execute("create table documents(artifact_id varchar, path varchar, subtitle varchar, text varchar)")
    con.execute("create table planned_recipients(artifact_id varchar, kind varchar, person_id varchar)")
    for i, title, subtitle, text in papers:
        con.execute("insert into artifacts values (?, 'document', ?, ?)", [i, title, "lawyer" if "law" in i else "vp"])
        con.execute("insert into documents values (?, ?, ?, ?)", [i, i + ".docx", subtitle or None, text])
        con.execute("insert into planned_recipients values (?, 'to', 'dir')", [i])
    check = Path(__file__).resolve().parents[2] / "generators/kinds/document/checks/markings_fit_audience.sql"
    return [f"{a}: {d}" for a, _, d in con.execute(parse_check(check).sql).fetchall()]


def test_the_check_fails_a_paper_the_other_side_reads_marked_for_the_writers_circle_or_captioned():
    notice = "Builder Ltd\nStrictly Confidential\nRe: Builder v. Owner – Notice of claim for delay\nDear Mr Miller,"
    bad = _marked([("n1", "Notice of claim for delay", "", notice),
                   ("r1", "Delay analysis", "Builder Ltd | Internal | Prepared by A", "Findings."),
                   ("law1", "Notice of breach", "", "Re: Builder v. Owner – Notice of breach\nDear Sirs,")])
    assert any(b.startswith("n1:") and "marked" in b for b in bad) and any(b.startswith("n1:") and "caption" in b
                                                                           for b in bad), bad
    assert any(b.startswith("r1:") for b in bad) and any(b.startswith("law1:") for b in bad), bad
    good = _marked([("n2", "Notice of claim for delay", "", "Builder Ltd\nRe: Builder / Owner – Notice of claim\nDear"),
                    ("r2", "Delay analysis", "Builder Ltd | Confidential | Prepared by A, Head of Internal Audit", "F."),
                    ("law2", "Letter re the claim", "", "Re: Builder v. Owner – the claim\nDear Sirs,")])
    assert good == [], good


def test_a_form_and_a_notice_of_delay_do_their_genres_job():
    from worldsmith.generators.kinds.document.contract import genre_named, missing_parts

    doc, ctx, _, _ = _compose(
        "demurrage-arbitration.yaml", "Memo re the notice of readiness", 61, doc_type="certificate",
        title="Form 7: compliance certificate of the owners' solicitors")
    assert genre_named(doc.title).genre == "statutory form"
    assert missing_parts(doc.title, _text(doc)) == [], _text(doc)
    assert missing_parts("Notice of claim for delay under GC 6.5", "We give notice of our claim. We refer to the "
                         "earlier correspondence. The claim is CAD 1,722,250.") == ["the event the delay arose from",
                                                                                     "the time claimed"]


def test_an_expert_owns_the_figures_it_estimates_whoever_else_its_statement_names():
    # blind read 28: a valuer's report said of its own values "we have not accepted the liquidation value ...: it is
    # <the company>'s figure, and we have not tested it", because the statement named the company whose assets it valued
    from worldsmith.generators.compose.substance.memo import uncertain

    _, ctx, plan, _ = _compose("construction-delay.yaml", "Revised notice of claim for loss and expense", 61)
    owner = next(o.name for o in plan.organisations if o.role.startswith("the owner"))
    f = next(f for f in ctx.facts if f.id == "prolongation_costs")
    mine = f.model_copy(update={"statement": f"{ctx.author.organisation} estimates the prolongation costs on "
                                             f"{owner}'s project at {f.text}."})
    ctx = ctx.model_copy(update={"facts": [mine if g is f else g for g in ctx.facts]})
    assert "not tested" not in uncertain(ctx) and f"{owner}'s figure" not in uncertain(ctx), uncertain(ctx)


def test_a_delay_analysis_states_its_method_baseline_windows_and_as_built():
    # blind read 28: 'No method (no windows, baseline or as-built comparison)' in a forensic delay analysis
    doc, ctx, _, _ = _compose("construction-delay.yaml", "Memo re liquidated damages", 61, doc_type="report",
                              title="Delay analysis of the Halden Street works",
                              facts=["eot_weeks", "delay_weeks", "original_completion"])
    text = _text(doc)
    method = next((p for p in text.splitlines() if p.startswith("Method.")), "")
    assert "windows analysis" in method and "baseline" in method and "as-built" in method, text
    assert "in weeks" in method and "concurrent" in method, method


def test_a_certificate_of_an_event_does_not_run_until_cancelled_as_cover_does():
    # blind read 28: a certificate of substantial performance that 'continues in effect until cancelled on written
    # notice', the words of a guaranty or of cover
    doc, _, _, _ = _compose("construction-delay.yaml", "Revised notice of claim", 61, doc_type="certificate",
                            title="Certificate of practical completion: Halden Street",
                            facts=["substantial_completion", "original_completion"])
    text = _text(doc)
    assert "certif" in text, text
    assert not any(w in text for w in ("until cancel", "until it is cancel", "in force", "guarant")), text
