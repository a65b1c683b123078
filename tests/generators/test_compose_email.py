"""The offline email composer: facts verbatim, clean text, determinism, subjects, variety."""

from __future__ import annotations

import itertools
import re

from worldsmith.generators.context import OrgRef
from worldsmith.generators.kinds.email.compose import LONG_FORM_SHARE, compose_email
from tests.generators.context_fixture import (ALL_FACTS, CAP, DEADLINE, DECISION, FEE, FINANCE_VOICE, FORMAL_VOICE,
                                              RATE, RUTH, SAM, TONNES, CLAUSE, MILO, email_context, fact)

_DIRTY = re.compile(r"[{}\[\]]|lorem|ipsum|\btodo\b|as an ai|placeholder", re.IGNORECASE)


def _trigrams(text: str) -> set[tuple[str, ...]]:
    words = text.lower().split()
    return {tuple(words[i:i + 3]) for i in range(len(words) - 2)}


def test_every_fact_text_is_in_the_body_verbatim_in_every_mode():
    for mode in ("new", "reply", "forward"):
        for seed in range(30):
            body = compose_email(email_context(mode, seed=seed)).body
            for fact in ALL_FACTS:
                assert fact.text in body, (mode, seed, fact.text)


def test_bodies_have_no_placeholders_braces_or_filler():
    for mode in ("new", "reply", "forward"):
        for seed in range(40):
            ctx = email_context(mode, seed=seed, facts=[CAP, DECISION, FEE], to=[SAM, RUTH, MILO][: 1 + seed % 3],
                                distractor_label="superseded draft" if seed % 4 == 0 else None,
                                voice=[FINANCE_VOICE, FORMAL_VOICE][seed % 2])
            email = compose_email(ctx)
            assert not _DIRTY.search(email.body), email.body
            assert not _DIRTY.search(email.subject)


def test_same_context_gives_the_same_email():
    ctx = email_context("reply", seed=99)
    assert compose_email(ctx) == compose_email(ctx.model_copy(deep=True))


def test_different_seeds_give_different_bodies():
    assert compose_email(email_context(seed=1)).body != compose_email(email_context(seed=2)).body


def test_reply_subject_starts_with_one_re():
    ctx = email_context("reply", seed=3)
    assert compose_email(ctx).subject == "Re: Liability cap under the charter"
    again = ctx.model_copy(update={"parent": ctx.parent.model_copy(update={"subject": "Re: Liability cap under the charter"})})
    assert compose_email(again).subject == "Re: Liability cap under the charter"


def test_forward_subject_and_note():
    email = compose_email(email_context("forward", seed=5))
    assert email.subject == "Fwd: Liability cap under the charter"
    assert re.search(r"forward|fyi|passing this|looping|see below|sending this on", email.body, re.IGNORECASE)


def test_new_thread_subject_is_the_title():
    assert compose_email(email_context("new", seed=8)).subject == "Liability cap under the charter"


GREETING = re.compile(r"^(Hi|Hello|Hey|Dear|Good morning|Morning|All|Team)\b|^Sam,")


def test_a_greeting_when_there_is_one_addresses_the_first_name_and_the_body_ends_with_the_signature():
    greeted = 0
    for seed in range(60):
        email = compose_email(email_context("new", seed=seed, to=[SAM]))
        first_line = email.body.splitlines()[0]
        if GREETING.match(first_line):
            greeted += 1
            assert first_line.endswith(",") and "Sam" in first_line, first_line
        assert "Dana" in email.body.strip().splitlines()[-1] or "+1 202 555 0142" in email.body
    # real mail opens with a salutation about one time in five (issue 17's band: at most 40%), but some do
    assert 3 <= greeted <= 24, greeted


def test_sign_off_words_are_rare_as_in_real_mail():
    signed = sum(bool(re.search(r"(?m)^(Best|Regards|Kind regards|Best regards|Thanks|Many thanks|Cheers|Sincerely)[,!.]?$",
                                compose_email(email_context(mode, seed=seed)).body))
                 for mode in ("new", "reply") for seed in range(60))
    assert signed <= 24, signed


def test_several_recipients_get_a_group_or_named_greeting_when_greeted():
    for seed in range(40):
        first = compose_email(email_context("new", seed=seed, to=[SAM, RUTH, MILO])).body.splitlines()[0]
        if first.endswith(",") and len(first.split()) <= 4:
            assert re.search(r"\b(all|All|everyone|team|Team|colleagues)\b", first) or "Sam" in first, first


def test_distractor_label_is_explicit():
    for mode in ("new", "reply", "forward"):
        for seed in range(15):
            body = compose_email(email_context(mode, seed=seed, distractor_label="superseded draft")).body
            assert "superseded draft" in body


def test_a_reply_refers_to_the_parent_author_or_reacts():
    hits = sum("Sam" in compose_email(email_context("reply", seed=s, to=[RUTH])).body for s in range(30))
    assert hits >= 15


def test_a_reply_with_nothing_to_carry_is_sometimes_a_one_liner():
    lengths = [len(compose_email(email_context("reply", seed=s, facts=[])).body.split()) for s in range(60)]
    assert min(lengths) <= 12 and max(lengths) > 25


_ORGS = [OrgRef(name="Harrow Vane LLP", role="counsel to Corvale", privileged=True, acts_for="Corvale Shipping Ltd"),
         OrgRef(name="Corvale Shipping Ltd", role="client", privileged=True)]


def test_lengths_stay_in_the_range_of_real_mail():
    lengths = [len(compose_email(email_context("new", seed=seed, facts=[CAP, DEADLINE])).body.split())
               for seed in range(60)]
    assert all(25 <= n <= 1200 for n in lengths), lengths
    # between colleagues a mail is short and says the point: no paper pasted below it (read 10: "a longer report"
    # with its options block and observations, sent to a colleague)
    assert all(n <= 300 for n in lengths), lengths
    # to the client it advises, an adviser's opener says what the work concludes and where the paper is; the paper
    # itself is never pasted below it (blind read 13: "a longer report pasted below" was the worst file of three
    # worlds in five)
    to_client = [len(compose_email(email_context("new", seed=seed, facts=[CAP, DEADLINE], to=[RUTH])
                                   .model_copy(update={"organisations": _ORGS})).body.split()) for seed in range(60)]
    assert all(n <= 300 for n in to_client), to_client


def test_long_form_openers_carry_every_fact_and_no_placeholders():
    long = []
    for seed in range(80):
        ctx = email_context("new", seed=seed, distractor_label="superseded draft" if seed % 3 == 0 else None,
                            voice=[FINANCE_VOICE, FORMAL_VOICE][seed % 2], to=[RUTH, SAM][: 1 + seed % 2])
        ctx = ctx.model_copy(update={"organisations": _ORGS})  # (the advice note to the client)
        body = compose_email(ctx).body
        if len(body.split()) > 60:
            long.append((ctx, body))
    assert len(long) >= 5
    for ctx, body in long:
        for fact in ctx.facts:
            assert fact.text in body, (fact.text, body)
        assert not _DIRTY.search(body), body
        if ctx.distractor_label:
            assert "superseded draft" in body.lower()
        assert "Dana" in body.strip().splitlines()[-1] or "+1 202 555 0142" in body


def test_fifty_emails_are_distinct_and_do_not_overlap_much():
    subsets = [ALL_FACTS, [CAP, RATE], [DEADLINE, TONNES, CLAUSE], [FEE], []]
    bodies = [compose_email(email_context(("new", "reply", "forward")[i % 3], seed=10_000 + 7919 * i, key=f"email_{i}",
                                          facts=subsets[i % len(subsets)])).body for i in range(50)]
    assert len(set(bodies)) == 50
    grams = [_trigrams(b) for b in bodies]
    overlaps = [len(a & b) / len(a | b) for a, b in itertools.combinations(grams, 2)]
    assert sum(o < 0.5 for o in overlaps) / len(overlaps) > 0.95


def _near_pairs(bodies: list[str]) -> int:
    """Pairs at least 80% alike in 5-word shingles (realism_near_duplicates' measure)."""
    sets = []
    for b in bodies:
        w = b.lower().split()
        sets.append({tuple(w[i:i + 5]) for i in range(len(w) - 4)})
    return sum(1 for a, b in itertools.combinations(sets, 2) if a and b and len(a & b) / len(a | b) >= 0.8)


def test_a_weekly_decision_and_a_weekly_objection_across_the_table_do_not_read_alike():
    # A year-long matter repeats one thread weekly: the same partner decided the same thing, and opposing counsel
    # objected to the same point, in 80 short replies; 12 and 327 of 7,140 pairs were near-duplicates before.
    from worldsmith.generators.context import OrgRef

    decided = []
    for i in range(120):
        ctx = email_context("reply", seed=500 + 7919 * i, facts=[], key=f"d{i}")
        spec = ctx.spec.model_copy(update={"beat": "decide", "decision": "reject the tender of defense"})
        decided.append(compose_email(ctx.model_copy(update={"spec": spec})).body)
    assert _near_pairs(decided) <= 6
    orgs = [OrgRef(name="Harrow Vane LLP", role="counsel to the charterer", privileged=True, acts_for="Ostrander Energy"),
            OrgRef(name="Ostrander Energy", role="charterer", privileged=True),
            OrgRef(name="Corvale Shipping Ltd", role="owner", privileged=False)]
    objected = []
    for i in range(120):
        ctx = email_context("reply", seed=900 + 7919 * i, facts=[], to=[RUTH], key=f"o{i}")
        ctx = ctx.model_copy(update={"organisations": orgs, "thread_labels": ["the cap", "the limit-breaking regulation"],
                                     "spec": ctx.spec.model_copy(update={"beat": "object"})})
        objected.append(compose_email(ctx).body)
    assert all(not _DIRTY.search(b) for b in decided + objected)
    assert _near_pairs(objected) <= 20


# A thread whose title asks a question: its opener asks it, and the first reply that answers gives the ledger's answer.
STARTED = fact("notice_deadline", "Because the vessel was delivered on March 1, 2025, the deadline for the notice of "
                                  "claim under clause 19 falls on March 14, 2025.", DEADLINE.value).model_copy(
    update={"label": "notice deadline"})
_ASKING = "Notice of claim: when did the notice period start?"


def _titled(ctx, title: str, **spec):
    """The context with its thread's title (and other spec fields) changed."""
    return ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"title": title, **spec})})


def test_a_question_title_is_asked_by_the_opener_in_plain_words():
    for seed in range(40):
        body = compose_email(_titled(email_context("new", seed=seed, facts=[CAP, STARTED]), _ASKING)).body
        assert "when did the notice period start?" in body.lower(), body
        # the question is asked about what the title is about, not as a bare line
        assert "notice of claim" in body.lower(), body


def test_the_first_answering_reply_answers_with_the_fact_that_answers_it():
    for seed in range(30):
        for beat in ("answer", "confirm"):
            ctx = _titled(email_context("reply", seed=seed, facts=[STARTED]), _ASKING, beat=beat,
                          answers="notice_deadline")
            body = compose_email(ctx).body
            assert "March 14, 2025" in body
            # from the ledger's statement, with the reason it gives, and not in full where this reply does not
            # establish the fact (fact_statement_established_only)
            assert "started on March 1, 2025, when the vessel was delivered" in body, body
            assert STARTED.statement.rstrip(".") not in body
            assert not re.search(r"\byes\b", body, re.I), body


def test_an_answer_to_another_question_turns_the_statement_round_or_gives_it_where_it_establishes():
    asking = "Notice of claim: what is the deadline?"
    for seed in range(20):
        ctx = _titled(email_context("reply", seed=seed, facts=[STARTED]), asking, beat="answer", answers="notice_deadline")
        assert "falls on March 14, 2025, because the vessel was delivered on March 1, 2025." in compose_email(ctx).body
        own = ctx.model_copy(update={"facts": [STARTED.model_copy(update={"establish": True})]})
        assert STARTED.statement.rstrip(".").lower() in compose_email(own).body.lower()


def test_a_title_that_asks_nothing_composes_as_before():
    for seed in range(20):
        for beat in ("answer", "confirm"):
            ctx = email_context("reply", seed=seed, facts=[STARTED])
            plain = _titled(ctx, ctx.spec.title, beat=beat)
            marked = _titled(ctx, ctx.spec.title, beat=beat, answers="notice_deadline")
            assert compose_email(plain) == compose_email(marked)
        opener = compose_email(email_context("new", seed=seed, facts=[CAP])).body
        assert not re.search(r"(quick|one|a) question\b|help me with one point", opener, re.I), opener


def test_a_reply_the_plan_does_not_have_answer_the_title_says_no_generic_yes():
    for seed in range(40):
        ctx = _titled(email_context("reply", seed=seed, facts=[CAP]), _ASKING, beat="answer")
        assert not re.search(r"\byes\b", compose_email(ctx).body, re.I)


def test_a_plural_label_takes_a_plural_verb_in_a_question_too():
    """x80 read: 'Is the removal costs in the February 15 note final, or still a moving target?'."""
    from worldsmith.generators.compose.facts import agree

    said = agree("Is the removal costs final? Since when is the removal costs agreed? The removal costs is fine.",
                 ["removal costs"])
    assert said == "Are the removal costs final? Since when are the removal costs agreed? The removal costs are fine."
    assert agree("Is the cap final? This is the removal costs figure.", ["the cap", "removal costs"]) == \
        "Is the cap final? This is the removal costs figure."


def test_a_plural_label_with_no_verb_beside_it_costs_no_substitution(monkeypatch):
    """bench.llm_throughput's profile: agree() ran 21 substitutions for each plural label of every frame, most of
    them where no verb of its list stands next to the label; the text is the same, with two searches instead."""
    import worldsmith.generators.compose.facts as facts

    calls = []
    sub = facts.re.sub
    monkeypatch.setattr(facts.re, "sub", lambda *a, **k: calls.append(a[0]) or sub(*a, **k))
    text = "We hold the removal costs at USD 61,350,000 and the figures stand apart from them."
    assert facts.agree(text, ["removal costs", "the figures"]) == text
    assert calls == []
    assert facts.agree("The removal costs is fine. Is the figures final?", ["removal costs", "the figures"]) == \
        "The removal costs are fine. Are the figures final?"
    assert calls  # where a verb stands beside a label, its substitutions run as ever


def test_a_label_whose_noun_a_participle_follows_takes_the_nouns_number():
    """Earn-out read: 'The corporate allocations disputed by the sellers is not accepted.' (the head noun is
    'allocations'; 'disputed' is no noun); 'the earn-out claimed by the sellers' stays one earn-out."""
    from worldsmith.generators.compose.facts import agree

    assert agree("The corporate allocations disputed by the sellers is not accepted.",
                 ["corporate allocations disputed by the sellers"]) == \
        "The corporate allocations disputed by the sellers are not accepted."
    assert agree("The earn-out claimed by the sellers is USD 5,500,000.", ["earn-out claimed by the sellers"]) == \
        "The earn-out claimed by the sellers is USD 5,500,000."
    assert agree("Adjusted EBITDA as determined is USD 13,600,000.", ["Adjusted EBITDA as determined"]) == \
        "Adjusted EBITDA as determined is USD 13,600,000."


def test_a_label_whose_noun_an_adjective_follows_takes_the_nouns_number():
    """mail10's read at seed 223: 'The fee deductions recoverable is USD 24,000.' (lift-maintenance), 'the landing gear
    reserves paid is USD 598,640' (aircraft-redelivery): a word after the noun ('recoverable', 'paid', 'outstanding')
    is no head; 'the total due' and 'the cure amount payable' stay one figure."""
    from worldsmith.generators.compose.facts import agree

    assert agree("The fee deductions recoverable is USD 24,000.", ["the fee deductions recoverable"]) == \
        "The fee deductions recoverable are USD 24,000."
    assert agree("As I read it, the landing gear reserves paid is USD 598,640.", ["the landing gear reserves paid"]) \
        == "As I read it, the landing gear reserves paid are USD 598,640."
    assert agree("The invoices outstanding stand at USD 9,000.", ["the invoices outstanding"]) == \
        "The invoices outstanding stand at USD 9,000."
    for one in ("the total due", "the equity cure amount payable", "the gross loss recoverable"):
        assert agree(f"{one.capitalize()} is USD 1.", [one]) == f"{one.capitalize()} is USD 1."


def test_a_cap_that_decides_a_figure_is_said_without_a_pronoun_of_one_number():
    """'The fee deductions before the cap is higher than the annual deduction cap, so it does not decide ...' (seed
    223): the lesser-of frames name the figure again, never 'it', so a plural input reads right once agreed."""
    from worldsmith.generators.compose.bank import bank

    for frame in bank("email")["advice"]["substance"]["structure"]["lesser"]:
        assert not re.search(r"\{Other\} is higher than \{binding\}, so it\b", frame), frame


def test_next_step_frames_agree_with_a_plural_label():
    """A stock next step never hangs a singular verb on its label: labels are often plural ('the figures has moved')."""
    from worldsmith.generators.compose.bank import bank
    frames = bank("email")["next_step_items"]
    for frame in frames:
        line = frame.format(label="the figures", label2="the removal costs")
        assert not re.search(r"\b(figures|costs) (has|is|was)\b", line), line


def test_one_artifact_says_each_lead_in_once():
    """An earn-out world's objection email: 'For the avoidance of doubt, the corporate allocations ... For the
    avoidance of doubt, the objection notice date is ... In addition, for the avoidance of doubt, we show ...'."""
    from decimal import Decimal

    from worldsmith.generators.compose.bank import Picker, bank
    from worldsmith.generators.compose.facts import named_sentence
    from worldsmith.worlds.values import Money
    from tests.generators.context_fixture import fact

    openers = bank("facts")["named"]["openers"]["document"]
    facts = [fact(f"f{i}", f"Figure {i}.", Money(amount=Decimal(1000 * (i + 1)), currency="USD"))
             .model_copy(update={"label": f"figure number {i}", "establish": False}) for i in range(5)]
    for seed in range(30):
        pick = Picker(seed)
        said = [named_sentence(pick, f, "document") for f in facts]
        used = [o for s in said for o in openers if s.startswith(o)]
        assert len(used) == len(set(used)), said


def test_the_writers_voice_leaves_a_superseded_papers_label_as_written():
    # an unseen outline's meeting follow-up set aside 'the earlier USD 15,640,000; it comes from <the other side>'s
    # draft of July 10': the label named the draft by its maker's role, the writer's voice turned the role into a name
    # or 'our', and no_contradicting_value (a superseded value only beside its label) quarantined the world. The
    # claimant's draft schedule of a fixture's own ledger, and a franchisor's draft given to another matter's figure
    from tests.generators.planned import planned
    from worldsmith.generators.compose.parties import own_acts, own_possessives, told_to_owner
    from worldsmith.generators.context import build_context

    for fixture, role, label in (("pi-quantum", "the claimant's", ""),
                                 ("franchise-encroachment", "the franchisor's",
                                  "superseded figure in the franchisor's draft of March 2, 2026")):
        plan, taxonomy = planned(fixture, 61)
        seen = 0
        for spec in (a for a in plan.artifacts if a.kind == "email" and a.mode == "new"):
            ctx = build_context(plan, taxonomy, spec, {})
            if label and ctx.facts:
                ctx.facts[0] = ctx.facts[0].model_copy(update={"superseded": label, "superseded_text": "USD 1,000"})
            for f in (f for f in ctx.facts if role in f.superseded):
                body = f"Please disregard the earlier {f.superseded_text}; it comes from the {f.superseded}.\n"
                assert told_to_owner(ctx, own_acts(ctx, own_possessives(ctx, body))) == body
                seen += 1
        assert seen, fixture
