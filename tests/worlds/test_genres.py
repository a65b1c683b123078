"""Each doc_type renders its genre's structure: every genre of the two published examples, broken one marker at a
time in a copy of the world, is caught by genre_structure naming the document and the missing part."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import docx
import pytest

from tests.worlds.checks_of import checks_of_copy

# (world, doc_type, what a reader sees of the marker, the part genre_structure names)
CASES = [
    ("legal", "memo", r"(?i)short answer", "Short Answer"),
    ("legal", "pleading", r"WHEREFORE", "prayer for relief"),
    ("legal", "agreement", r"(?i)recitals|part i\b", "Recitals"),  # a charter party: its Part I
    ("legal", "letter", r"(?m)^Dear ", "salutation"),
    ("legal", "report", r"(?i)findings", "Findings"),
    ("diligence", "investment committee memo", r"(?i)thesis", "Investment Thesis"),
    ("diligence", "term sheet", r"(?i)governing law", "Governing Law"),
    ("diligence", "minutes", r"(?i)decisions", "decisions"),
]


@pytest.fixture
def worlds(published_legal, published_diligence) -> dict[str, Path]:
    return {"legal": published_legal, "diligence": published_diligence}


def _break(path: Path, pattern: str) -> int:
    """Rewrite every paragraph of a .docx that shows the marker so that it no longer does; how many were."""
    document = docx.Document(str(path))
    hit = 0
    for p in document.paragraphs:
        if re.search(pattern, p.text):
            p.text = re.sub(pattern.replace("(?m)^", ""), "Notes ", p.text)
            hit += 1
    document.save(str(path))
    return hit


@pytest.mark.parametrize("world", ["legal", "diligence"])
def test_each_genre_shows_its_structure_and_a_missing_part_is_caught(worlds, tmp_path, world):
    source = worlds[world]
    plan = json.loads((source / "plan.json").read_text(encoding="utf-8"))
    # published: no error, so every document shows its genre as generated
    assert json.loads((source / "validation.json").read_text(encoding="utf-8"))["errors"] == 0
    copy = Path(shutil.copytree(source, tmp_path / "world"))
    broken = []
    for _, doc_type, pattern, part in [c for c in CASES if c[0] == world]:
        spec = next(a for a in plan["artifacts"] if a["kind"] == "document" and a["doc_type"] == doc_type
                    and not a.get("distractor"))
        assert _break(copy / "room" / spec["path"], pattern) > 0, (doc_type, pattern)
        broken.append((spec["id"], part))
    rows = [r for c in checks_of_copy(copy, ["genre_structure"]).failed() for r in c.rows]  # the one check read
    for artifact_id, part in broken:
        assert any(r.artifact_id == artifact_id and part in r.detail for r in rows), (artifact_id, part, [r.detail for r in rows])
