"""Who a message goes to and whose voice it is in (blind re-read 36 at seed 36): the minutes of a without-prejudice
meeting sent straight to the landlord's asset manager although it had solicitors acting (gb-dilapidations-claim), and
the outline's forwarding note ('Forwarding the borrower's request: ... the conditions I set out in my reply should
stand') written as a reply by the borrower's counsel (es-hotel-loan-restructuring)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
_THREAD = '''      - kind: email_thread
        title: "Decision on the Oakhurst tender"
        author: hr_director
        participants: [partner]
        cc: [payroll]
        messages: 3
'''
_FORWARDED = '''      - kind: email_thread
        title: "Decision on the Oakhurst tender"
        author: hr_director
        participants: [partner]
        cc: [payroll]
        forward_to: [associate]
        points:
          - "What should we tender on the bonus?"
          - "Tender the capped bonus and the holiday pay; I set out the arithmetic in my memo."
          - "Forwarding the client's question and my answer: please draft the tender letter on the basis I set out."
        messages: 3
'''
_LETTER = '''        title: "Revised letter of claim: bonus and final pay"
        author: claimant_counsel
        participants: [hr_director, partner]
'''
_MINUTES = '''      - kind: document
        doc_type: minutes
        title: "Minutes of the without-prejudice meeting, June 3"
        author: claimant_counsel
        participants: [hr_director, partner]
        date: 2026-06-04
        sections: 3
        facts: [bonus_claimed]
        purpose: The employee's solicitors record the without-prejudice meeting.
'''


def _plan(tmp_path: Path):
    from worldsmith.flows import pipeline
    from worldsmith.generators.backends.offline import OfflineBackend

    text = (ROOT / "tests/fixtures/bonus-cap-dispute.yaml").read_text(encoding="utf-8")
    assert _THREAD in text and _LETTER in text
    at = text.index("      - kind: document\n        doc_type: letter\n        title: \"Revised letter of claim")
    text = text[:at] + _MINUTES + text[at:]
    path = tmp_path / "outline.yaml"
    path.write_text(text.replace(_THREAD, _FORWARDED), encoding="utf-8")
    return pipeline.make_plan(pipeline.prepare(path, 61, OfflineBackend()))


def test_a_file_goes_to_a_represented_party_through_its_counsel_and_a_forwarding_note_is_the_forward(tmp_path):
    from worldsmith.worlds.plan import EmailSpec

    plan = _plan(tmp_path)
    org = {p.id: p.organisation for p in plan.people}
    mail = [a for a in plan.artifacts if isinstance(a, EmailSpec)]
    cover = [a for a in mail if a.attachments and a.attachments[0].title.startswith("Minutes of the without-prejudice")]
    assert cover, [a.title for a in mail if a.attachments]
    for a in cover:
        # the employer has counsel acting: the employee's solicitors send it to them, never to the HR director
        assert "hr_director" not in [*a.to, *a.cc] and "partner" in a.to, (a.to, a.cc)
        assert org[a.author] == org["claimant_counsel"]
    thread = sorted((a for a in mail if a.title.endswith("Decision on the Oakhurst tender")), key=lambda a: a.position)
    # three messages, the last the forward by the one who answered, carrying the outline's forwarding note
    assert [a.mode for a in thread] == ["new", "reply", "forward"], [(a.mode, a.author) for a in thread]
    assert thread[-1].author == thread[1].author == "partner" and thread[-1].to == ["associate"]
    assert thread[-1].point.startswith("Forwarding the client's question")


def test_a_forward_restates_no_figure_its_thread_already_gave():
    # es-hotel-loan-restructuring at seed 36: 'The forward adds only "I'm using 7.25x for the net leverage", a figure
    # the client already has' (the thread below had it)
    from tests.generators.planned import planned

    seen = 0
    for fixture, seed in [("covenant-breach", 61), ("bi-claim", 0), ("demurrage-arbitration", 0)]:
        plan, _ = planned(fixture, seed)
        threads: dict[str, list] = {}
        for a in plan.artifacts:
            if a.kind == "email":
                threads.setdefault(a.thread, []).append(a)
        for chain in threads.values():
            chain.sort(key=lambda a: a.position)
            for i, a in enumerate(chain):
                if a.mode == "forward" and not a.point:
                    seen += 1
                    said = {f for m in chain[:i] for f in m.facts}
                    assert not set(a.facts) & said, (a.id, a.facts)
    assert seen
