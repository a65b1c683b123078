"""A charter party's Part I boxes take the terms its outline's points fix (genre10's report, the tanker example at seed
0: the rider's point said 'Laytime: 72 running hours' and Part I (H) had drawn 96 hours: one charter, two laytimes)."""

import re
from pathlib import Path

from tests.generators.offline_world import offline_world

TANKER = Path(__file__).resolve().parents[2] / "outlines" / "examples" / "tanker-spill-liability.yaml"


def test_part_one_gives_the_laytime_the_points_give():
    plan, _, contents = offline_world(TANKER, 0)
    charter = next(a for a in plan.artifacts if a.kind == "document" and "Charter Party" in a.title)
    said = [p for p in charter.points if "laytime" in f"{p.heading} {p.text}".lower()]
    hours = re.search(r"(\d+) running hours", said[0].text).group(1)
    text = "\n".join(q for s in contents[charter.id].sections for q in s.paragraphs)
    boxes = re.findall(r"\(H\) Total laytime in running hours: (\d+) hours", text)
    assert boxes == [hours], (boxes, hours)
