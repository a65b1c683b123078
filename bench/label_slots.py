"""Fact labels and values in slots their grammar does not fit (issue 17, "0 fact labels in ungrammatical slots").

Run it by hand (it is not a test) over worlds already made (each a folder holding world.duckdb, the output of
`worldsmith generate ... --out DIR`):
    .venv/bin/python -m bench.label_slots DIR [DIR ...] [--show N] [--json OUT]

Every text of a world (artifact_text: an email's new text, chat, calendar, documents, sheets) is read against the
world's own facts (labels, values, units, types), never an outline's words. A row is one of these shapes:
- repeat: a fact's value written after its own label and a link ("X is X": "the signature of the agreement is
  agreement signed and filed"), the value sharing the label's words;
- clause: a text fact's value (a decision or status: a verb phrase or a thing and a participle) in a slot made for a
  noun ("decided on agreement signed", "the decision: ...", "stands at reject the tender", "of/on/at/is VALUE");
- unit-of: a count whose label holds its unit, then "of" and the value with the unit again ("the posts
  cut of 148 posts");
- rate-of: a rate read as if it were a share of a thing ("the duty rate of the value declared": a formula's
  inputs' labels read aloud);
- bare-the: a title stripped to a preposition after an article ("advise on the sur le projet");
- opener: a sentence opener glued to a name ("Comments on For completeness, survey report", "Source | To recap, ...").
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

import duckdb

# sentence openers a composer or a repair puts before a sentence (never before a name)
OPENERS = ("to recap", "as before", "again", "for completeness", "in short", "in addition", "furthermore",
           "moreover", "for the record", "by way of background", "as noted", "in any event")
# a slot after which a noun phrase stands, not a clause
NOUN_SLOT = re.compile(r"(?:\b(?:on|of|at|about|is|was|are|were|the|an?|decided on|stands at|stands)|"
                       r"\bdecision:|\bstands:|\bposition:)\s*$")
# function words that never follow "the" (prepositions of the languages the outlines write titles in)
PREPS = ("of", "on", "for", "about", "to", "sur", "de", "du", "des", "pour", "del", "por", "sobre", "zu", "über",
         "von", "für", "di", "em")
BARE_THE = re.compile(r"\b[Tt]he (?:%s) " % "|".join(PREPS))
OPENER_GLUED = re.compile(r"(?:\b(?:on|of|the|in|from|per|see|keep|at|to|under)\s+|\|\s*|\bsources?:\s*)"
                          r"(?:%s),\s" % "|".join(o.title() if " " not in o else o[0].upper() + o[1:] for o in OPENERS))
PARTICIPLE = re.compile(r"[a-z]+ed|paid|sent|sold|held|made|taken|given|written|set|cut|done|found|kept|signed")
WORD = re.compile(r"[a-z0-9][a-z0-9'-]*")
STOP = {"the", "a", "an", "of", "and", "for", "to", "in", "on", "by", "at", "with"}


def squash(s: str) -> str:
    return re.sub(r"\s+", " ", s).strip()


def _content(s: str) -> list[str]:
    return [w for w in WORD.findall(s.lower()) if w not in STOP]


def _bare_label(label: str) -> str:
    return re.sub(r"^(?:the|an?)\s+", "", squash(label).lower())


def found(texts: list[tuple[str, str]], facts: list[dict]) -> list[tuple[str, str, str]]:
    """(path, shape, excerpt) for every shape of the module's list in the texts, read against the facts."""
    rows: list[tuple[str, str, str]] = []
    labelled = [f for f in facts if f["label"] and len(f["label"]) >= 4]
    # (a rate, by its head noun: "a percentage of the price" and "a share of the loss" are English)
    rates = [_bare_label(f["label"]) for f in labelled if f["type"] == "percent"
             and re.search(r"\brates?$", _bare_label(f["label"]))]
    others = [_bare_label(f["label"]) for f in labelled]
    rate_of = (re.compile(r"\b(?:%s)(?: \([0-9.,]+ ?%%\))? of (?:the )?(?:%s)\b" % (
        "|".join(map(re.escape, rates)), "|".join(map(re.escape, others)))) if rates else None)
    for path, raw in texts:
        text = squash(raw)
        low = text.lower()
        hits: list[tuple[str, str]] = []
        for f in labelled:
            label, value = _bare_label(f["label"]), squash(f["text"]).lower()
            if len(value) < 3:
                continue
            # repeat: label, a link, the value, the value holding a word run of the label
            for m in re.finditer(re.escape(label) + r"\s*(?:is|was|are|were|:|stands at|stands:|remains)\s+(?:the )?"
                                 + re.escape(value), low):
                lw, vw = _content(label), _content(value)
                if vw and not re.search(r"\d", value) and value[:1].islower() and f["text"].strip()[:1].islower() and (vw[0] in lw or any(" ".join(lw[i:i + 2]) in " ".join(vw) for i in range(len(lw) - 1))):
                    hits.append(("repeat", text[max(0, m.start() - 30):m.end() + 10]))
            # (a name, written with its capital, is a noun phrase in any slot; a verb phrase, its second word an
            # article, fits after "decision:" but not after "on", "of", "at" or "is")
            # (only a decision's verb phrase or a state, a thing and what was done to it, is a clause: a thing said
            # bare, "the root cause is contractor account without ...", is loose but no slot garble)
            verb = re.match(r"[a-z]+ (?:a|an|the|its|their|our|all|any|no|to)\b", value)
            shaped = verb or (not PARTICIPLE.fullmatch(value.split()[0])
                              and any(PARTICIPLE.fullmatch(w) for w in value.split()[1:5]))
            if f["type"] == "text" and " " in value and f["text"].strip()[:1].islower() and shaped:
                for m in re.finditer(re.escape(value), low):
                    before = low[max(0, m.start() - 20):m.start()]
                    # (a thing with its article is a noun phrase: "we now have the agreement signed and filed")
                    if before.endswith("the ") or before.endswith("the \""):
                        continue
                    state = not verb and any(PARTICIPLE.fullmatch(w) for w in value.split()[1:5])
                    if NOUN_SLOT.search(before) and not (not state and re.search(r"(?:decision|stands):\s*$", before)):
                        hits.append(("clause", text[max(0, m.start() - 40):m.end()]))
            unit = (f["unit"] or "").lower()
            if f["type"] == "number" and len(unit) >= 4 and unit in label.split():
                for m in re.finditer(re.escape(label) + r" of " + re.escape(value), low):
                    hits.append(("unit-of", text[max(0, m.start() - 30):m.end()]))
        if rate_of is not None:
            hits += [("rate-of", text[max(0, m.start() - 20):m.end() + 20]) for m in rate_of.finditer(low)]
        hits += [("bare-the", text[max(0, m.start() - 30):m.end() + 30]) for m in BARE_THE.finditer(text)]
        hits += [("opener", text[max(0, m.start() - 20):m.end() + 30]) for m in OPENER_GLUED.finditer(text)]
        rows += [(path, shape, excerpt) for shape, excerpt in dict.fromkeys(hits)]
    return rows


def world_rows(folder: Path) -> list[tuple[str, str, str]]:
    """The rows of one made world (the folder holding world.duckdb, or a folder above it)."""
    db = folder if folder.name == "world.duckdb" else next(folder.rglob("world.duckdb"))
    con = duckdb.connect(str(db), read_only=True)
    try:
        facts = [dict(zip(("type", "label", "text", "unit"), r))
                 for r in con.execute("select type, label, text, unit from facts").fetchall()]
        texts = con.execute("select path, text from artifact_text where text is not null").fetchall()
    finally:
        con.close()
    return found(texts, facts)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("worlds", nargs="*", type=Path)
    ap.add_argument("--smoke", action="store_true",
                    help="make the mini fixture's world offline in a scratch folder and measure it (CI's size)")
    ap.add_argument("--show", type=int, default=0, help="print up to N rows per world")
    ap.add_argument("--json", type=Path, help="write every row here")
    args = ap.parse_args(argv)
    if args.smoke:
        return _smoke(args)
    if not args.worlds:
        ap.error("name one or more world folders, or --smoke")
    out, total = {}, 0
    for folder in args.worlds:
        try:
            rows = world_rows(folder)
        except StopIteration:
            print(f"{folder.name}: no world.duckdb", file=sys.stderr)
            continue
        out[folder.name] = rows
        total += len(rows)
        shapes = {}
        for _, shape, _ in rows:
            shapes[shape] = shapes.get(shape, 0) + 1
        print(f"{folder.name:40s} {len(rows):3d}  " + " ".join(f"{k}={v}" for k, v in sorted(shapes.items())))
        for path, shape, excerpt in rows[:args.show]:
            print(f"    [{shape}] {path}: ...{excerpt}...")
    print(f"{'total':40s} {total:3d}")
    if args.json:
        args.json.write_text(json.dumps(out, indent=1, ensure_ascii=False))
    return 0




def _smoke(args) -> int:
    """The measure over one world made now from the mini fixture, offline (what CI runs: the bench must not rot)."""
    import subprocess
    import tempfile

    outline = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "mini.yaml"
    with tempfile.TemporaryDirectory(prefix="label_slots_") as tmp:
        made = subprocess.run([sys.executable, "-c", "from worldsmith.flows.cli import main; main()", "generate",
                               str(outline), "--seed", "0", "--out", tmp, "--no-prefect"],
                              capture_output=True, text=True)
        if made.returncode != 0:
            print(made.stdout[-2000:], made.stderr[-2000:], file=sys.stderr)
            return made.returncode
        worlds = [p for p in Path(tmp).iterdir() if (p / "world.duckdb").is_file()]
        args.worlds, args.smoke = worlds, False
        return main([str(w) for w in worlds] + (["--show", str(args.show)] if args.show else []))


if __name__ == "__main__":
    raise SystemExit(main())
