"""A weekly thread's answer to 'how did you arrive at X?' can carry its week (bench.long_matter --scale 80: the same
method answer in the same words every week was 80-94% alike across threads, and the long matter was quarantined for
near-duplicates)."""

import re
from pathlib import Path

import yaml

import worldsmith.generators.compose as compose

PHRASES = Path(compose.__file__).parent / "phrases" / "email.yaml"


def _shingles(text: str, n: int = 5) -> set:
    words = re.findall(r"[a-z0-9]+", text.lower())
    return {tuple(words[i:i + n]) for i in range(len(words) - n + 1)}


def test_a_method_answer_in_a_weekly_series_can_differ_week_to_week():
    entry = next(e for e in yaml.safe_load(PHRASES.read_text())["answers_to"] if "arrive at" in e["match"])
    dated = [f for f in entry["say"] if "{series_day}" in f]
    assert len(dated) >= 3
    reason = "the greater of the OPA 90 per-ton limit times the gross tonnage and the OPA 90 limit floor"
    said = [re.sub(r"\[([^|\]]*)[^\]]*\]", r"\1", f).format(reason=reason, series_day=day, source="the certificate")
            for f, day in zip(dated, ("March 13", "April 9", "May 15", "June 12", "July 10"))]
    for i, a in enumerate(said):
        for b in said[i + 1:]:
            sa, sb = _shingles(a), _shingles(b)
            assert len(sa & sb) / len(sa | sb) < 0.8, (a, b)
