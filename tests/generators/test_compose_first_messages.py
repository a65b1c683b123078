"""Issue 17 (mail7): the message that opens a thread, weekly notes, forwards, notes to the other side. Each test
quotes the blind reader's rejection it guards against."""

from __future__ import annotations

import datetime as dt
import re

import pytest

from tests.generators.test_compose_worlds import world
from worldsmith.generators.labels import as_known_on, written_days
from worldsmith.worlds.content import EmailContent

EXAMPLES = ["tanker-spill-liability", "buyside-diligence", "hospital-revenue-audit"]


def _own(body: str) -> str:
    return re.split(r"\n\s*(?:On .{5,80} wrote:|-{5,} Forwarded message)", body, maxsplit=1)[0]


def _mail(name: str):
    plan, contents = world(name)
    for spec in plan.artifacts:
        c = contents.get(spec.id)
        if isinstance(c, EmailContent):
            yield spec, _own(c.body)


def test_a_superseded_label_is_told_without_what_replaces_it_later():
    label = ("superseded interim damages schedule of March 13, 2026: removal costs through March 13 only; "
             "replaced by the schedule of April 15, 2026 (costs through March 31)")
    assert as_known_on(label, dt.date(2026, 4, 13)) == \
        "superseded interim damages schedule of March 13, 2026: removal costs through March 13 only"
    assert as_known_on(label, dt.date(2026, 4, 15)) == label  # out by then: told in full
    assert written_days("the schedule of April 15, 2026 and 3 June 2026") == [dt.date(2026, 4, 15),
                                                                             dt.date(2026, 6, 3)]


_PAPER_OF = re.compile(r"(?i:\b(?:schedule|memo|report|letter|minutes|draft|model|notes|summary|notice|view)s?)"
                       r"\s+(?:of|dated)\s+((?:January|February|March|April|May|June|July|August|September|October|"
                       r"November|December)\s+\d{1,2},\s+\d{4}|\d{1,2}\s+(?:January|February|March|April|May|June|"
                       r"July|August|September|October|November|December)\s+\d{4})")


@pytest.mark.parametrize("name", EXAMPLES)
def test_no_example_mail_names_a_paper_of_a_later_day(name):
    # 'On April 13 it says the interim schedule was "replaced by the schedule of April 15"' (read 17, tanker #4)
    for spec, own in _mail(name):
        for m in _PAPER_OF.finditer(own):
            (day,) = written_days(m.group(1))
            assert day <= spec.sent_at.date(), (spec.path, m.group(0))
