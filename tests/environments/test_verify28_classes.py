"""A reference answer scores 1: classes of false negative found where the task lint refused a task whose own reference
solution fell below 1 (tests/fixtures at seed 61, bench.tasks --families). Stand-in worlds, no generation.
"""

from __future__ import annotations

from types import SimpleNamespace

from worldsmith.environments.grade import _says_any
from worldsmith.environments.graph_tasks import _with_owners
from worldsmith.environments.tasks import Check, Criterion, Needs, Reference, Rubric, Solution, Task


def _lenders(facts):
    orgs = [SimpleNamespace(id=i, name=n) for i, n in (("hb", "Harbourline Bank"), ("kz", "Kiyomizu Trust Bank"),
                                                       ("pn", "Pinnacle Infrastructure Debt"))]
    plan = SimpleNamespace(organisations=orgs, facts=facts)
    return SimpleNamespace(world=SimpleNamespace(plan=plan), fact={f.id: f for f in facts}.__getitem__)


def _task(facts) -> Task:
    final = Criterion(id="gap", weight=2.0, description="the gap",
                      check=Check(type="answer_final", values=["AUD 29,140,000"], numbers=[29140000.0], unit="AUD"))
    return Task(id="exceed-harbourline_commit-kiyomizu_commit", world_id="w", kind="exceed",
                instruction="Does the Harbourline commitment exceed the Kiyomizu commitment, and by how much?",
                needs=Needs(files=["Finance/Term sheet.docx"], facts=facts),
                reference=Reference(answer="AUD 29,140,000", sql="select 1", expect=[[1.0]]),
                rubric=Rubric(criteria=[final]), solution=Solution(answer="Answer: AUD 29,140,000"))


def _swaps(task: Task) -> dict[str, Check]:
    return {c.id: c.check for c in task.rubric.negative_criteria if c.id.startswith("owner_swapped_")}


def test_another_partys_own_fact_under_the_same_words_is_no_swap():
    # solar-farm-project-finance at seed 61: three lenders each hold a 'commitment' and a 'share' of one facility;
    # 'Kiyomizu commitment: AUD 87,420,000' in the reference was read as the Harbourline commitment given to
    # Kiyomizu, and 7 tasks (exceed, reply, chat, memo, what-if) were refused for their reference scoring 0 to 0.48
    facts = [SimpleNamespace(id=f"{who}_commit", label=f"{who.capitalize()} commitment")
             for who in ("harbourline", "kiyomizu", "pinnacle")]
    reference = "Harbourline commitment: AUD 116,560,000\nKiyomizu commitment: AUD 87,420,000\nAnswer: AUD 29,140,000"
    swaps = _swaps(_with_owners(_lenders(facts), _task(["harbourline_commit", "kiyomizu_commit"])))
    assert not any(_says_any(reference, check) for check in swaps.values())  # both were met before


def test_a_label_no_other_party_holds_is_still_a_swap():
    # kit11's class stays: a figure given to a party that holds no fact of that name ('Kiyomizu facility fee')
    facts = [SimpleNamespace(id="harbourline_commit", label="Harbourline commitment"),
             SimpleNamespace(id="kiyomizu_commit", label="Kiyomizu commitment"),
             SimpleNamespace(id="harbourline_fee", label="Harbourline's facility fee")]
    task = _task(["harbourline_commit", "harbourline_fee"])
    swaps = _swaps(_with_owners(_lenders(facts), task))
    assert _says_any("Kiyomizu's facility fee: AUD 1,200,000", swaps["owner_swapped_harbourline_fee"])
    assert _says_any("the Pinnacle commitment is AUD 116,560,000", swaps["owner_swapped_harbourline_commit"])
    assert not _says_any("Kiyomizu commitment: AUD 87,420,000", swaps["owner_swapped_harbourline_commit"])


def test_a_reference_sheet_cites_the_file_that_states_the_figure_now():
    # aircraft-redelivery at seed 61: the technical records remediation cost is first established by the interim
    # records audit at its earlier USD 520,000; the final audit gives USD 348,000. The reference sheet's row cited the
    # interim audit, the task's cites_sources (files that state the figure now) did not hold it, and the reference
    # scored 0.93: the lint refused the matter's one workbook
    from decimal import Decimal

    import duckdb

    from worldsmith.environments.sheet_tasks import row_source
    from worldsmith.worlds.ledger import Quantity

    interim, final = "Reports/Interim records audit.docx", "Reports/Final records audit.docx"
    db = duckdb.connect()
    db.execute("create table artifact_text (path varchar, text varchar)")
    db.execute("create table cells (path varchar, value_num double)")
    db.execute("insert into artifact_text values (?, 'The remediation cost is USD 520,000.'), "
               "(?, 'The remediation cost is USD 348,000.')", [interim, final])
    arts = [SimpleNamespace(id="interim", path=interim, distractor=None),
            SimpleNamespace(id="final", path=final, distractor=None)]
    plan = SimpleNamespace(artifacts=arts, establishing=lambda fid: ["interim", "final"])
    graph = SimpleNamespace(world=SimpleNamespace(plan=plan, db=db), carriers={},
                            quantities={"remediation": Quantity(kind="money", amount=Decimal(348000), currency="USD")})
    assert row_source(graph, "remediation") == final  # the interim audit before


def test_a_wrong_day_written_with_its_ordinal_is_redated():
    # side_checks defined _MONTH_DAY twice; the second (for a figure's day of receipt) took no ordinal and shadowed the
    # first, so redated read 'due September 28th' as no day at all and a wrong due date so written passed
    from worldsmith.environments.side_checks import redated
    from worldsmith.environments.tasks import Check

    due = Check(type="texts_redated", values=["2026-09-30"], a_words=["refund"], expect="due")
    assert redated("The refund is due September 28th.", due)  # passed before
    assert redated("The refund is due September 28.", due)
    assert not redated("The refund is due September 30th.", due)
    assert not redated("The refund is due September 30, 2026.", due)


def test_a_paper_whose_genre_is_a_draft_is_a_source_and_a_superseded_draft_is_not():
    # grant-audit at seed 61: the OIG's 'Draft audit report' states the salary questioned now (USD 412,000) and is no
    # superseded draft; a workbook citing it for that row lost cites_sources (0.89), since any path part opening
    # with 'draft' was left out. The superseded rate schedule (a distractor) and its cover mail stay out.
    from decimal import Decimal

    import duckdb

    from worldsmith.environments.sheet_tasks import _source_names
    from worldsmith.worlds.ledger import Quantity

    report, old, cover = ("Audit/Draft audit report.docx", "Audit/Superseded/Draft rate schedule.docx",
                          "Correspondence/Files circulated/Draft rate schedule/01 2026-01-14 1438 Smith.eml")
    db = duckdb.connect()
    db.execute("create table artifact_text (path varchar, text varchar)")
    db.execute("create table cells (path varchar, value_num double)")
    for path in (report, old, cover):
        db.execute("insert into artifact_text values (?, 'The salary questioned is USD 412,000.')", [path])
    arts = [SimpleNamespace(id="report", path=report, distractor=None, attachments=[]),
            SimpleNamespace(id="old", path=old, distractor="draft_rate", attachments=[]),
            SimpleNamespace(id="cover", path=cover, distractor=None, attachments=[SimpleNamespace(artifact="old")])]
    graph = SimpleNamespace(world=SimpleNamespace(plan=SimpleNamespace(artifacts=arts), db=db), carriers={},
                            quantities={"salary": Quantity(kind="money", amount=Decimal(412000), currency="USD")})
    names = _source_names(graph, "salary")
    assert report in names  # left out before
    assert old not in names and cover not in names
