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
