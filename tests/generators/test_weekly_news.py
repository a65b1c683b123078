"""mail15 brief (blind read 37, unseen outlines): "the client status notes restate the cap and threshold every time"; a
later note of a weekly series restates a figure only when it is news that week."""

from tests.generators.context_fixture import CAP, RATE, RUTH, email_context
from worldsmith.generators.kinds.email.compose import compose_email


def _note(n: int, fresh: bool, seed: int) -> str:
    facts = [CAP.model_copy(update={"fresh": fresh}), RATE.model_copy(update={"fresh": fresh})]
    ctx = email_context("new", seed=seed, facts=facts, to=[RUTH])
    spec = ctx.spec.model_copy(update={"item": f"weekly_status_{n}"})
    return compose_email(ctx.model_copy(update={"spec": spec, "week": [],
                                                "thread_labels": ["the liability cap"]})).body


def test_a_later_weekly_note_restates_a_figure_only_when_it_is_news_that_week():
    for seed in range(8):
        stale = _note(3, False, seed)
        assert CAP.text not in stale and RATE.text not in stale, stale
        # (the series' first note sets them out; a later one whose week brought them tells them)
        assert CAP.text in _note(1, False, seed) and CAP.text in _note(3, True, seed)

