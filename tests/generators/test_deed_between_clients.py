"""A deed between two firms' clients, never between the two firms (blind read 29: a class action's deed of settlement
'made between (1) <the respondent's solicitors> and (2) <the applicant's solicitors>')."""

from types import SimpleNamespace as NS

from worldsmith.generators.compose.genres import _client_named, _principals


def _ctx(title: str):
    orgs = [NS(name="Halloran Pike Lawyers", role="solicitors for the applicant and group members"),
            NS(name="Ashcombe Reilly Solicitors", role="solicitors for the respondent, Talbrook Resources Limited; the "
                                                       "other side"),
            NS(name="Mortlake Gray Forensic", role="forensic accountants engaged by the administrator")]
    return NS(spec=NS(title=title), world_title="Perrin v Talbrook Resources Limited: settlement distribution",
              world_summary="Grace Perrin sued Talbrook Resources Limited for misleading disclosure.", organisations=orgs,
              to=[], author=NS(organisation="Halloran Pike Lawyers"))


def test_two_firms_across_the_table_give_way_to_the_clients_their_roles_name():
    ctx = _ctx("Deed of settlement, executed copy")
    assert _client_named(ctx, "Ashcombe Reilly Solicitors") == "Talbrook Resources Limited"  # by name in its role
    assert _client_named(ctx, "Halloran Pike Lawyers") == "Grace Perrin"  # by its side, from the caption
    assert _principals(ctx, "Halloran Pike Lawyers", "Ashcombe Reilly Solicitors") == \
        ("Grace Perrin", "Talbrook Resources Limited")


def test_a_firms_own_engagement_stays_the_firms():
    ctx = _ctx("Engagement letter and terms of business")
    assert _principals(ctx, "Halloran Pike Lawyers", "Ashcombe Reilly Solicitors") == \
        ("Halloran Pike Lawyers", "Ashcombe Reilly Solicitors")
