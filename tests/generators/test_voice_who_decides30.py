"""Who decides and what is decided in a thread (blind read 29: a class action's loss assessment thread, whose forensic
partner wrote 'The decision on our side is taken: that the 412 late.' of the administrator's call)."""
from worldsmith.generators.beats import decision_object
from worldsmith.generators.planner import _Planner
from worldsmith.worlds.plan import Person


def _person(pid: str, role: str, title: str, org: str) -> Person:
    return Person(id=pid, role=role, first_name=pid, last_name="X", name=f"{pid} X", email=f"{pid}@x.example",
                  title=title, organisation=org, occupation="23-1011", seniority="senior", phone="1")


def test_a_decision_that_a_clause_holds_is_the_whole_clause_never_cut_at_its_and():
    purpose = ("The valuers send the first schedule and the partner decides that the 30 disputed and unpriced items "
               "are excluded under the contract.")
    assert decision_object(purpose) == "the 30 disputed and unpriced items are excluded"
    assert decision_object("The board decides that the claim is settled.") == "the claim is settled"
    assert decision_object("The client decides that it goes ahead.") == ""  # no closing verb of a passive: no object


def test_of_two_speakers_the_words_fit_alike_the_one_named_as_another_actor_does_not_decide():
    valuer = _person("v", "valuation_partner", "Partner, Valuation", "valuers")
    lawyer = _person("l", "lead_partner", "Partner, Disputes", "firm")
    purpose = "The valuation team sends the first schedule and the partner decides that the items are excluded."
    assert _Planner.decider(None, purpose, [valuer, lawyer]) is lawyer  # fails before: the first of the tie, valuer
    assert _Planner.decider(None, purpose, [lawyer, valuer]) is lawyer


def test_among_one_firms_own_people_nobody_speaks_of_our_side():
    """A partner to her own associate: 'I'll come back to you by 22 September if it changes anything on our side.'
    (blind read 29, a class action's weekly status); 'our side' is said to another side, never within one firm."""
    import datetime as dt
    import re

    from tests.generators.context_fixture import CAP, DANA, SAM, email_context
    from worldsmith.generators.kinds.email.compose import compose_email
    from worldsmith.worlds.content import EmailContent

    note = ("Dana,\n\nStatus at 18 September.\n\n- As of 14 September, the liability cap under the charter is USD "
            "98,400,000. It is on the \"Liability cap\" line of the cap schedule.\n\nSam")
    said = []
    for seed in range(8):
        for beat in ("ack", "confirm", "take_in"):
            ctx = email_context("reply", seed=seed, facts=[CAP], to=[SAM])
            ctx = ctx.model_copy(update={
                "parent": EmailContent(subject="Weekly status - September 18", body=note), "parent_author": SAM,
                "author": DANA, "next_beat": "", "parent_sent": ctx.spec.sent_at - dt.timedelta(hours=3),
                "spec": ctx.spec.model_copy(update={"beat": beat})})
            own = re.split(r"\n\s*On .{5,80} wrote:", compose_email(ctx).body, maxsplit=1)[0]
            said.append(own)
            assert not re.search(r"\bour side\b", own, re.I), (seed, beat, own)
    assert len(said) == 24


def test_a_reply_that_gives_its_answer_promises_no_response_besides():
    """Asked for 'your response by close of business on Monday', the insurer answered with the sub-limit and then 'You
    will have our response by close of business on Monday.', and on the Monday wrote only 'Thanks' (blind read 29, an
    unseen recall claim): an answer is the response asked for."""
    import datetime as dt
    import re

    from tests.generators.context_fixture import CAP, MILO, RUTH, email_context
    from worldsmith.generators.context import OrgRef
    from worldsmith.generators.kinds.email.compose import compose_email
    from worldsmith.worlds.content import EmailContent

    orgs = [OrgRef(name="Corvale Shipping Ltd", role="the owners, the claimant", privileged=True),
            OrgRef(name="Brightmere Advisory", role="the charterers' claims handlers, the other side", privileged=False)]
    asked = ("Ruth,\n\nOur position is that the cap does not apply to the cargo claim. The liability cap under the "
             "charter is USD 98,400,000.\n\nPlease let us have your response by close of business on Monday.\n\nMilo")
    for seed in range(6):
        ctx = email_context("reply", seed=seed, facts=[CAP], to=[MILO])
        ctx = ctx.model_copy(update={
            "parent": EmailContent(subject="Is the cargo claim capped?", body=asked), "parent_author": MILO,
            "author": RUTH, "next_beat": "confirm", "parent_sent": ctx.spec.sent_at - dt.timedelta(hours=1),
            "organisations": orgs, "spec": ctx.spec.model_copy(update={"beat": "answer"})})
        own = re.split(r"\n\s*On .{5,80} wrote:", compose_email(ctx).body, maxsplit=1)[0]
        assert "98,400,000" in own, (seed, own)
        assert not re.search(r"(?:have|send) (?:you )?our (?:\w+ )?response|response will be with you", own), (seed, own)


def test_a_neutrals_paper_to_both_sides_copies_no_third_party():
    """The costs referee's report went to both parties' solicitors and was copied to a group member, the funder and
    forensic accountants not yet engaged, one of each organisation of the cast (blind read 29, a class action): a
    paper of a neutral that reaches both sides is served; nobody else is copied for service."""
    import datetime as dt
    import types
    from pathlib import Path

    from worldsmith.generators.attachments import _cover_note
    from worldsmith.taxonomies.loader import load_taxonomy, resolve_cast
    from worldsmith.worlds.outline import load_outline

    outline = load_outline(Path(__file__).parents[1] / "fixtures" / "office-rent-review.yaml")
    other = outline.organisations[0].model_copy(update={"id": "other", "name": "Harbourne Studios Ltd",
                                                        "domain": "harbourne.example",
                                                        "role": "tenant of the ground floor of Calder House"})
    member = outline.cast[-1].model_copy(update={"role": "studio_manager", "organisation": "other", "title": "Manager"})
    outline = outline.model_copy(update={"organisations": [*outline.organisations, other],
                                         "cast": [*outline.cast, member]})
    planner = _Planner(outline, resolve_cast(outline, load_taxonomy()), 7, "w")
    ids = {p.role: p.id for p in planner.people}
    report = types.SimpleNamespace(id="determination", title="Determination of the reviewed rent", facts=[],
                                   path="Determination.docx", author=ids["expert"], distractor=None, doc_type="report",
                                   readers=[ids["lease_partner"], ids["landlord_surveyor"]],
                                   date=outline.window.start + dt.timedelta(days=20))
    note = _cover_note(planner, report)
    on = {planner.people_by_id(p).organisation for p in [*note.to, *note.cc]}
    assert on == {"thornbury", "ravensby"}, on  # fails before: the ground-floor tenant copied


def test_a_peer_of_the_writers_own_firm_takes_no_work_over_from_it():
    """The claims manager sent the committee's minutes to the underwriter who sat on it, and he answered "We will take it
    from here and report back by 27 August" (blind read 29, an unseen recall claim): one of equal rank in the same
    organisation does the step that is his, never takes the sender's work over."""
    import datetime as dt
    import re

    from tests.generators.context_fixture import DECISION, email_context
    from worldsmith.generators.context import PersonRef
    from worldsmith.generators.kinds.email.compose import compose_email
    from worldsmith.worlds.content import EmailContent

    def peer(key: str, first: str, title: str) -> PersonRef:
        return PersonRef(id=key, name=f"{first} Hale", first_name=first, last_name="Hale", title=title,
                         organisation="Kestrel Marine Insurance", email=f"{first.lower()}@kestrel.example",
                         phone="+44 20 7946 0000", seniority="senior")

    manager, underwriter = peer("claims_1", "Nina", "Claims Manager"), peer("uw_1", "Omar", "Senior Underwriter")
    note = ("Omar,\n\nThe board approved the settlement range: settlement between USD 40m and USD 55m. The minutes are "
            "attached for your approval.\n\nNina")
    for seed in range(4):
        ctx = email_context("reply", seed=seed, facts=[DECISION], to=[manager])
        ctx = ctx.model_copy(update={
            "parent": EmailContent(subject="Follow-up: claims committee", body=note), "parent_author": manager,
            "author": underwriter, "next_beat": "", "parent_sent": ctx.spec.sent_at - dt.timedelta(hours=2),
            "spec": ctx.spec.model_copy(update={"beat": "noted", "decision": "settlement between USD 40m and USD 55m"})})
        own = re.split(r"\n\s*On .{5,80} wrote:", compose_email(ctx).body, maxsplit=1)[0]
        assert not re.search(r"take it from here|report back|keep you posted", own, re.I), (seed, own)
