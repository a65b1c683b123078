"""A board is more than its chair: blind read 35's board minutes and resolution listed only the Chair of the Board as a
member present, with the Audit and Risk Committee's chair and the chief executive 'in attendance', so no quorum.
Composed on the context fixture, no world planned."""

from __future__ import annotations

from tests.generators.context_fixture import DANA, document_context, person
from worldsmith.generators.context import OrgRef
from worldsmith.generators.kinds.document.compose import compose_document

_CO = "Corvale Shipping Ltd"
_ORGS = [OrgRef(name="Harrow Vane LLP", role="counsel to Corvale Shipping Ltd", privileged=True, acts_for=_CO),
         OrgRef(name=_CO, role="client; the employer", privileged=True)]


def test_board_minutes_list_the_directors_present_not_the_chair_alone():
    # (fails before: 'Members of the board present: Nicholas Rogers (Chair of the Board). In attendance: Kenneth
    # Hamilton (Chair, Audit and Risk Committee, ...), Susan Tate (Chief Executive Officer, ...)')
    secretary = person("gc_1", "Theresa", "Thompson", "General Counsel and Company Secretary", _CO, "corvale.test", "+1")
    chair = person("chair_1", "Nicholas", "Rogers", "Chair of the Board", _CO, "corvale.test", "+2")
    arc = person("arc_1", "Kenneth", "Hamilton", "Chair, Audit and Risk Committee", _CO, "corvale.test", "+3")
    ceo = person("ceo_1", "Susan", "Tate", "Chief Executive Officer", _CO, "corvale.test", "+4")
    cfo = person("cfo_9", "Tony", "Lopez", "Chief Financial Officer", _CO, "corvale.test", "+5")
    ctx = document_context("minutes", 4, seed=5)
    spec = ctx.spec.model_copy(update={"title": "Board minutes (extract): approval of the undertaking",
                                       "author": secretary.id})
    doc = compose_document(ctx.model_copy(update={"organisations": _ORGS, "author": secretary, "cc": [],
                                                  "to": [chair, arc, ceo, cfo, DANA], "cast": [secretary, chair, arc,
                                                                                              ceo, cfo, DANA],
                                                  "locale": "en_AU", "spec": spec}))
    text = "\n".join(p for s in doc.sections for p in s.paragraphs)
    members = text.split("Members of the board present:")[1].split("In attendance:")[0]
    for director in ("Nicholas Rogers", "Kenneth Hamilton", "Susan Tate"):
        assert director in members, text
    for attending in ("Tony Lopez", "Dana Okafor", "Theresa Thompson"):
        assert attending not in members, text
    rows = {r[0]: r[-1] for s in doc.sections if s.table for r in s.table.rows}
    assert rows.get("Kenneth Hamilton") == "Member" and rows.get("Dana Okafor") == "In attendance", rows
