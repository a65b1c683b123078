"""Reports' and minutes' text (blind read 35): topics as noun phrases, no self-sourcing lines, minutes' grammar."""

from worldsmith.generators.compose.substance.common import topic


def test_topic_of_bare_title_is_a_noun_phrase():
    """'prepared this report ... on time impact analysis summary' (read 35, us 17): a summary of X is about the X."""
    assert topic("DRAFT v1 (superseded): Time impact analysis summary") == "the time impact analysis"
    assert topic("Working capital analysis") == "the working capital analysis"
    assert topic("Memo re breaking the limit") == "breaking the limit"  # a gerund takes no article
    assert topic("Gutachten zur Bewertung") == "gutachten zur Bewertung"  # another language's title is left as it is


def test_statement_with_its_value_takes_no_bracketed_repeat():
    """'3,412 current and former employees were underpaid ... (3,412 employees)' (read 35, au 17): said once."""
    from worldsmith.generators.compose.substance.common import _named_in
    from types import SimpleNamespace as NS
    f = NS(statement="3,412 current and former employees were underpaid in the review period.", label="Affected employees",
           text="3,412 employees", value=NS(type="number"))
    assert _named_in(f) == "3,412 current and former employees were underpaid in the review period."
    g = NS(statement="The rate is 8.5 per cent a year.", label="Rate", text="8.5%", value=NS(type="percent"))
    assert _named_in(g) == "The rate is 8.5 per cent a year (8.5%)."  # another wording keeps the typed value


def _minutes(world):
    """The minutes of a composed world: (subtitle, actions' lead, action rows) of each."""
    plan, _, contents = world
    out = []
    for c in contents.values():
        sub = getattr(c, "subtitle", "") or ""
        if "Minutes taken" in sub:
            acts = [s for s in c.sections if s.heading == "Actions"]
            lead = acts[0].paragraphs[0] if acts and acts[0].paragraphs else ""
            rows = acts[0].table.rows if acts and acts[0].table else []
            out.append((sub, lead, rows))
    return out


def test_minutes_of_a_meeting_across_the_table_are_circulated_not_written_about():
    """OAC minutes marked 'Confidential' whose one action wrote to the owner who sat at the meeting 'confirming what
    was said' (read 35, us 15/16): minutes every side holds carry no one house's marking and go to them to correct."""
    from tests.generators.offline_world import offline_world

    seen = _minutes(offline_world("tests/fixtures/patent-royalty-audit.yaml", 0))
    opening = [m for m in seen if any("Circulate these minutes" in r[0] for r in m[2])]
    assert opening, seen  # the licensee sat at the opening conference: the minutes go to it
    for sub, _, rows in seen:
        assert not sub.lower().startswith(("confidential", "strictly")), sub
        assert not any("confirming what was said" in r[0] for r in rows), rows


def test_one_action_agreed_is_singular(monkeypatch):
    """'The action agreed on March 12 (1) are as follows' (read 35, us 16): each frame agrees with its count."""
    import re

    from worldsmith.generators.compose.bank import Picker
    from tests.generators.offline_world import _compose
    import pickle

    fill = Picker.fill
    # every frame of the actions' lead in turn, the last (the weekly series' 'are as follows') first
    monkeypatch.setattr(Picker, "fill", lambda self, frames, **v: fill(self, [f for f in frames if "as follows" in f]
                                                                       or frames, **v))
    leads = [lead for _, lead, rows in _minutes(pickle.loads(_compose("outlines/examples/buyside-diligence.yaml", 0)))
             if len(rows) == 1 and lead]
    assert any("as follows" in x for x in leads), leads
    assert not any(re.search(r"\(1\) are\b|^Actions agreed", x) for x in leads), leads


def test_a_sections_conclusion_comes_after_its_findings():
    """'Conclusion. Our conclusion is ...' then 'Findings: 3,412 employees ...' in the final forensic report (read 35,
    au 18): the conclusion closes its section."""
    from tests.generators.offline_world import offline_world

    from tests.generators.planned import planned
    from worldsmith.generators.context import build_context
    from worldsmith.generators.kinds.document.compose import compose_document

    # (a report with no points keeps its conclusion: au 18's, which only restated the points' figures, goes, test_docs12)
    plan, taxonomy = planned("covenant-breach", 61)
    spec = next(a for a in plan.artifacts if a.kind == "document" and "Memo re the June 30" in a.title)
    spec.doc_type, spec.sections, spec.points, spec.cites, spec.title = "report", 4, [], [], "Leverage review report"
    alone = compose_document(build_context(plan, taxonomy, spec, {}))
    seen = 0
    for path, seed in (("tests/fixtures/blind35/au-wage-underpayment-remediation.yaml", 35),
                       ("tests/fixtures/grant-audit.yaml", 0), (None, None)):
        contents = offline_world(path, seed)[2] if path else {"alone": alone}
        for c in contents.values():
            for s in getattr(c, "sections", None) or []:
                at = [n for n, p in enumerate(s.paragraphs) if p.startswith("Conclusion. ")]
                seen += bool(at)
                assert not at or at[-1] == len(s.paragraphs) - 1 and at == list(range(at[0], len(s.paragraphs))), \
                    s.paragraphs
    assert seen


def test_a_memo_whose_outline_states_the_question_does_not_ask_it_again():
    """'The questions are what the wage underpayment is ...' then the point 'Question: whether Coastline should
    self-report ...' (read 35, au 17): the outline's question is the question."""
    from tests.generators.offline_world import offline_world

    _, _, contents = offline_world("tests/fixtures/blind35/au-wage-underpayment-remediation.yaml", 35)
    asked = [s for c in contents.values() for s in getattr(c, "sections", None) or []
             if any(p.startswith("Question: ") for p in s.paragraphs)]
    assert asked
    for s in asked:
        text = " ".join(s.paragraphs)
        assert "The question is " not in text and "The questions are " not in text, text
