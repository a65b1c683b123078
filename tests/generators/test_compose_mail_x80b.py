"""Issue 22, point 3 (x80b): variety that lasts 10,000 artifacts. A repeat of a weekly thread does not ask a figure's
working again on the inputs an earlier repeat had it on; a repeat that asks it anyway is told what has moved since,
never the same sum (bench/long_matter.py --scale 80 at seed 11 was quarantined on realism_near_duplicates: "Andrew,
how did you arrive at the OPA 90 liability cap?" in the COFR thread's 20th and 54th weeks, each answered "On the May
20 figures, the greater of ... gives USD 156,200,000", 81% alike)."""

from __future__ import annotations

import datetime as dt
import functools
import re
import tempfile
from pathlib import Path

from worldsmith.worlds.content import EmailContent


@functools.cache
def _stretched():
    """The tanker example planned (not composed) with every item twice over 70 days, its threads without their points:
    its threads repeat, as a year's do at --scale 80 (0.3 s)."""
    from bench.long_matter import long_outline, write_outline
    from worldsmith.flows import pipeline
    from worldsmith.generators.backends.offline import OfflineBackend

    data = long_outline(2, 70)
    for folder in data["inventory"]:
        for item in folder["items"]:
            if item["kind"] == "email_thread":
                # the engine's own repeats are read here: a thread its expert wrote says what its points say
                item.pop("points", None)
    path = write_outline(data, Path(tempfile.mkdtemp(prefix="x80b-")))
    prepared = pipeline.prepare(path, 11, OfflineBackend())
    return pipeline.make_plan(prepared), prepared.taxonomy


def test_a_repeat_of_a_thread_leaves_a_working_its_series_had_on_the_same_inputs():
    from worldsmith.generators.context import fact_label, fact_reason, working_asked

    plan, _ = _stretched()
    replies = [s for s in plan.artifacts if s.kind == "email" and s.mode == "reply"]
    carried: dict[str, set[str]] = {}
    for a in plan.artifacts:
        if getattr(a, "thread", None):
            carried.setdefault(a.thread, set()).update(a.facts)
    asked = {s.id: working_asked(plan, s) for s in replies}
    later = [s for s in replies if asked[s.id]]
    assert later
    for spec in later:
        for label in asked[spec.id]:
            fact = next(f for f in plan.facts if fact_label(f) == label)
            basis = fact_reason(plan, fact, spec.sent_at.date())
            # the series' first thread on those inputs keeps the question: the rule hands it to one thread
            first = {s.thread for s in replies if s.item.rsplit("_", 1)[0] == spec.item.rsplit("_", 1)[0]
                     and fact.id in carried[s.thread] and label not in asked[s.id]
                     and fact_reason(plan, fact, s.sent_at.date()) == basis}
            assert len(first) == 1 and spec.thread not in first, (spec.id, label, first)


def test_a_repeat_neither_asks_the_working_again_nor_works_the_same_sum_when_asked():
    from worldsmith.generators.context import build_context, fact_label, fact_reason, working_asked
    from worldsmith.generators.kinds.email.compose import _askable, compose_email

    plan, taxonomy = _stretched()
    spec = next(s for s in plan.artifacts if s.kind == "email" and s.mode == "reply" and working_asked(plan, s))
    label = working_asked(plan, spec)[0]
    parent = plan.artifact(spec.parent)
    asker = plan.person(parent.author).first_name
    done = {spec.parent: EmailContent(subject=spec.title, body=f"{plan.person(spec.author).first_name}, how did you "
                                                                  f"get to {label}?\n\n{asker}\n")}
    ctx = build_context(plan, taxonomy, spec, done)
    frames = ["{parent_first}, how did you [get to|arrive at|work out] {label}?", "Can you walk me through {label}?",
              "{parent_first}, before I go further, could you send me the workings?"]
    assert _askable(ctx, {"label": label, "label2": ""}, frames) == []
    # (the series' first thread on those inputs could ask them: the rule, not the reader or the figure, takes them out)
    assert _askable(ctx.model_copy(update={"working_asked": []}), {"label": label, "label2": ""}, frames)
    # asked anyway, the answer says that nothing has moved since, and does not work the same sum again
    fact = next(f for f in plan.facts if fact_label(f) == label)
    working = fact_reason(plan, fact, spec.sent_at.date())
    for seed in range(6):
        asked = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"beat": "answer"}), "seed": seed,
                                       "parent_sent": spec.sent_at - dt.timedelta(hours=2)})
        own = re.split(r"\n\s*On .{5,80} wrote:", compose_email(asked).body, maxsplit=1)[0]
        assert working not in own and re.search(r"(?i)\bsince\b", own), own
        assert fact.on(spec.sent_at.date())[1] in own, own


def test_a_repeat_asked_on_moved_inputs_says_what_has_moved_since_its_series_last_had_it():
    from worldsmith.generators.context import build_context, label_worked, working_asked
    from worldsmith.generators.kinds.email.compose import compose_email

    plan, taxonomy = _stretched()
    spec = next(s for s in plan.artifacts if s.kind == "email" and s.mode == "reply" and working_asked(plan, s))
    label = working_asked(plan, spec)[0]
    done = {spec.parent: EmailContent(subject=spec.title, body=f"{plan.person(spec.author).first_name}, how did you "
                                                                  f"get to {label}?\n\nThanks\n")}
    ctx = build_context(plan, taxonomy, spec, done)
    ref = label_worked(plan, spec.thread, spec.sent_at.date(), viewer=spec.author)[label]
    # (as working_moved gives it where an input has moved since the series' earlier thread had the working)
    first = ref.inputs[0]
    moved = ref.model_copy(update={"given": spec.sent_at.date() - dt.timedelta(days=21), "inputs": [
        first.model_copy(update={"was": "USD 1,000,000"}), *ref.inputs[1:]]})
    for seed in range(6):
        asked = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"beat": "answer"}), "seed": seed,
                                       "working_asked": [], "label_worked": {label: moved}})
        own = re.split(r"\n\s*On .{5,80} wrote:", compose_email(asked).body, maxsplit=1)[0]
        assert f"{first.label}, USD 1,000,000 then and {first.text} now" in own, own
        assert ref.text in own and ref.working in own, own


def test_a_repeat_does_not_ask_the_source_of_a_figure_that_has_not_moved_since_its_series_asked():
    # bench/long_matter.py --scale 80 at seed 11: 'What is the source for the fault share alleged in the May 19
    # update?' in week after week of the contribution demand thread, each answered 'I'll send you the paper it comes
    # from', 100% alike
    from worldsmith.generators.context import build_context, source_asked
    from worldsmith.generators.kinds.email.compose import _askable

    plan, taxonomy = _stretched()
    later = [s for s in plan.artifacts if s.kind == "email" and s.mode == "reply" and source_asked(plan, s)]
    assert later
    frames = ["What is the source for {label}? I'd like to [see|check] it before {day}.",
              "What is the source for {label} in the {note_day} update?", "Where does this figure come from?"]
    kept = 0
    for spec in later[:12]:
        done = {spec.parent: EmailContent(subject=spec.title, body="Update below.\n\nThanks\n")}
        ctx = build_context(plan, taxonomy, spec, done)
        for label in source_asked(plan, spec):
            assert _askable(ctx, {"label": label, "label2": ""}, frames) == [], (spec.id, label)
            kept += bool(_askable(ctx.model_copy(update={"source_asked": []}), {"label": label, "label2": ""}, frames))
    assert kept  # (where the rule alone takes them out)


def test_every_ask_for_the_other_sides_date_is_read_as_one_and_answered_with_a_day():
    # aircraft-redelivery stretched x10 at seed 97, once its repeats no longer asked the same source: 'Can you give us a
    # date for your response on the technical records remediation cost?' answered 'Thank you for your note. Can you give
    # us a date for your response on the technical records remediation cost?', the question sent back
    from worldsmith.generators.compose.bank import Picker, bank
    from worldsmith.generators.kinds.email.compose import _PLAN_ASK

    for frame in bank("email")["plan_asks"]["across"]:
        for seed in range(4):
            asked = Picker(seed).fill([frame], label="the technical records remediation cost")
            assert _PLAN_ASK.search(asked), asked
