"""Prose metrics of the offline composer (issue 17): voice, sameness across worlds, party relations, fact slots.

Run it by hand (it is not a test):
    .venv/bin/python -m bench.prose_metrics [--seed 0] [--smoke] [--show N] [--top N] [--enron DIR]

The three example outlines (one with --smoke) are made offline at the seed with the plain library
functions (worldsmith.flows.pipeline: prepare, make_plan, generate; no Prefect), and their contents
rendered into a temporary folder. Printed, per world:
- greeting: share of emails whose body's first line is a greeting ("Hi Dana,", "Dear all,", "Dana,");
- sign-off: share of emails with a sign-off word line (Regards, Best, Thanks, Cheers, Sincerely...);
- frames shared: share of the world's sentences (emails, chat, documents; 4+ words) whose masked frame
  (people, organisations, capitalised names, numbers, dates, amounts, fact labels and values, openers
  masked) occurs in another world, and the same for sentences of 8+ words ("8+w"); with one world,
  frames shared with the two worlds not made are not measured;
- chat shared: chat lines that occur word for word in another world;
- relations: "A was instructed by B"-type sentences, and how many of them the plan's organisation
  roles contradict (same organisation, opposite sides, or a relation no role states);
- stands-at: a text (not numeric) fact's value poured into "stands at"/"is set at"/"comes to" slots;
- dated-before: subjects marking a draft "(superseded)" on a day no later version exists;
- xauth: sentences of 8+ words that two or more authors of the world write in their own words (cross_author).
With --top N, the N frames shared most across the worlds are printed first, each with how many sentences of each
world carry it (the ones to give more wordings first).
With --enron MAILDIR (a real corpus, e.g. the labelled Enron sample), that corpus gets the same greeting and
sign-off measures beside the worlds; without it, only the worlds are measured.
Issue 17's bands: greeting <= 40%, sign-off <= 20%, frames shared < 15%, chat shared 0, wrong relations 0.
"""

from __future__ import annotations

import argparse
import re
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

EXAMPLES = ["tanker-spill-liability", "buyside-diligence", "hospital-revenue-audit"]

GREETING = re.compile(r"^(hi|hello|hey|dear|good (morning|afternoon|evening)|morning|afternoon|greetings|all|team|"
                      r"folks|everyone|gentlemen|ladies)\b", re.I)
SIGN_OFF = re.compile(r"^\s*(best( regards| wishes)?|(kind|warm|many|with)? ?regards|regards|thanks( again| so much)?|"
                      r"thank you|many thanks|cheers|sincerely|yours( sincerely| faithfully| truly)?|all the best|"
                      r"talk soon|speak soon|best,? thanks|thx|rgds)\s*[,.!-]*\s*$", re.I)
RELATION = re.compile(r"([A-Z][\w&.'’ -]+?)\s+(?:was|were|is|are|has been|have been)\s+(?:instructed|retained|engaged)"
                      r"\s+by\s+([A-Z][\w&.'’ -]+?)(?=[,.;]|\s+(?:to|for|and|on|in)\b)"
                      r"|(?:on behalf of|counsel (?:to|for)|acts? for|represents?)\s+([A-Z][\w&.'’ -]+?)(?=[,.;]|\s+(?:in|on|and|regarding)\b|$)")
SLOTS = re.compile(r"\b(stands? at|is set at|comes? to|works out at|lands at|holds at|sits at|amounts? to|totals?)\s+$", re.I)


def make(name: str, seed: int, out: Path | None):
    """(plan, contents) of one example made offline, rendered under `out` (not rendered where out is None)."""
    from worldsmith.flows import pipeline
    from worldsmith.generators.backends.offline import OfflineBackend

    backend = OfflineBackend()
    prepared = pipeline.prepare(ROOT / "outlines" / "examples" / f"{name}.yaml", seed, backend)
    plan = pipeline.make_plan(prepared)
    contents = pipeline.generate(plan, prepared.taxonomy, backend)
    if out is None:  # the metrics read the plan and the contents only; rendering is two thirds of make's CPU
        return plan, contents
    (out / plan.world_id).mkdir(parents=True)
    pipeline.render_isolated(plan, contents, out / plan.world_id)
    return plan, contents


# ---------------------------------------------------------------- voice


def first_line(body: str) -> str:
    """The body's first non-blank line."""
    return next((ln.strip() for ln in body.splitlines() if ln.strip()), "")


def is_greeting(line: str, names: set[str] = frozenset()) -> bool:
    """Whether a first line is a salutation ('Hi Dana,', 'Dear all,', 'Dana,', 'Dana -')."""
    line = line.strip()
    if GREETING.match(line) and len(line.split()) <= 6:
        return True
    words = re.findall(r"[A-Za-z'.-]+", line)
    if not words or len(words) > 3 or not re.fullmatch(r"[A-Z][\w'. -]*[,:!-]*\s*", line):
        return False
    if names:
        return words[0] in names
    # a bare name ("Jeff", "Jim --", "Shirley,"): one or two capitalised words
    return len(words) <= 2 and all(w[:1].isupper() for w in words) and line.lower().rstrip(",:!- ") not in \
        ("fyi", "thanks", "yes", "no", "ok", "test", "calendar", "congratulations")


def has_sign_off(body: str) -> bool:
    """Whether the body closes with a line that is a sign-off word or two ('Best regards,', 'Thanks!'): one of its
    last six lines (above a name and a signature block)."""
    lines = [ln for ln in body.splitlines() if ln.strip()]
    return any(SIGN_OFF.match(ln) for ln in (lines[1:] or lines)[-6:])


def enron_bodies(folder: Path) -> list[str]:
    """The Enron sample's own message text (forwarded and quoted parts cut), de-duplicated."""
    seen, out = set(), []
    for path in sorted(folder.glob("*/*.txt")):
        raw = path.read_text(encoding="latin-1")
        head, _, body = raw.partition("\n\n")
        key = (re.search(r"^From: (.*)$", head, re.M), re.search(r"^Date: (.*)$", head, re.M),
               re.search(r"^Subject: (.*)$", head, re.M))
        key = tuple(m.group(1).strip() if m else "" for m in key) + (body.strip()[:80],)
        if key in seen:
            continue
        seen.add(key)
        cut = re.split(r"^.*(?:-{3,}\s*Original Message|-{5,}\s*Forwarded by|^>|^From:.*\n(?:Sent|To):)", body,
                       maxsplit=1, flags=re.M)[0]
        if cut.strip():
            out.append(cut)
    return out


# ---------------------------------------------------------------- sameness


def sentences(text: str) -> list[str]:
    """Sentences and lines of a text."""
    out = []
    for line in text.splitlines():
        out += [s.strip() for s in re.split(r"(?<=[.!?])\s+(?=[A-Z\"'(])", line) if s.strip()]
    return out


def masker(plan):
    """A function that masks a sentence's world-specific parts: values, labels, names, numbers, dates."""
    from worldsmith.generators.labels import fact_label

    values = set()
    for f in plan.facts:
        values.add(f.text)
        values.update(p.text for p in f.earlier)
    values.update(d.text for d in plan.distractors)
    labels = {fact_label(f) for f in plan.facts} | {f.label for f in plan.facts if f.label}
    labels |= {x[4:] for x in labels if x.lower().startswith("the ")}
    labels |= {d.label for d in plan.distractors}
    names = {o.name for o in plan.organisations} | {p.name for p in plan.people}
    words = {p.first_name for p in plan.people} | {p.last_name for p in plan.people}
    words |= {w for o in plan.organisations for w in re.findall(r"[A-Z][\w'’&.-]+", o.name)}
    titles = {a.title for a in plan.artifacts}
    literal = sorted((x for x in values | labels | names | titles if x and len(x) > 2), key=len, reverse=True)
    big = re.compile("|".join(re.escape(x) for x in literal), re.I) if literal else None
    small = re.compile(r"\b(" + "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)) + r")\b")
    months = r"(January|February|March|April|May|June|July|August|September|October|November|December|" \
             r"Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)"

    def mask(s: str) -> str:
        if big:
            s = big.sub("<X>", s)
        s = small.sub("<P>", s)
        s = re.sub(months + r"\b", "<D>", s)
        s = re.sub(r"[$£€]?\d[\d,./:%-]*", "<N>", s)
        s = re.sub(r"@\S+", "<P>", s)
        s = re.sub(r"^[A-Z][a-z]+(?: [a-z]+){0,3}, (?=[a-z<])", "", s)  # an opener ("Separately, ")
        tokens = s.split()
        s = " ".join(t if i == 0 or t == "I" or not t[:1].isupper() else "<C>" for i, t in enumerate(tokens))
        s = re.sub(r"(<\w>)(\W*<\w>)+", r"\1", s)
        return s.lower()

    return mask


def world_texts(plan, contents) -> dict[str, list[str]]:
    """The world's sentences by kind: email bodies (signature block lines left out), chat lines, document paragraphs."""
    from worldsmith.worlds.content import DocumentContent, EmailContent

    out: dict[str, list[str]] = {"email": [], "chat": [], "document": []}
    people = {p.name for p in plan.people}
    for spec in plan.artifacts:
        c = contents.get(spec.id)
        if isinstance(c, EmailContent):
            lines = [ln for ln in c.body.splitlines() if ln.strip() and ln.strip() not in people
                     and not re.match(r"^(T:|Tel|Direct|M:|Phone|--|\+?\(?\d)", ln.strip())]
            out["email"] += [s for ln in lines for s in sentences(ln)]
        elif isinstance(c, DocumentContent):
            out["document"] += [s for sec in c.sections for p in sec.paragraphs for s in sentences(p)]
        elif getattr(c, "kind", "") == "chat":
            out["chat"] += [m.text.strip() for m in c.messages]
    return out


# ---------------------------------------------------------------- relations and slots


def org_of(plan, name: str):
    """The plan organisation a name in the text refers to (by its name or first word), or None."""
    name = name.strip().lower()
    for o in plan.organisations:
        first = o.name.split()[0].lower()
        if o.name.lower() in name or name in o.name.lower() or (len(first) > 3 and name.startswith(first)):
            return o
    return None


def relations(plan, text: str) -> list[tuple[str, bool]]:
    """Each party-relation sentence of a text and whether the plan's roles allow it."""
    from worldsmith.generators.sides import relations as roles

    known = roles(plan.organisations)
    serves = {k: v[0] for k, v in known.items() if v[0]}
    out = []
    for s in sentences(text):
        for m in RELATION.finditer(s):
            if m.group(1):
                a, b = org_of(plan, m.group(1)), org_of(plan, m.group(2))
                ok = a is not None and b is not None and a.id != b.id and b.id in known[a.id]
            elif re.search(r"\bfor and\s*$", s[:m.start()], re.I):
                # "Signed for and on behalf of Northmoor Mutual P&I Association, as guarantor": a signature block
                # signs for the signer's own organisation, whatever that organisation does for others (a P&I club
                # is its member's COFR guarantor); it states no one's relation to anyone
                ok = True
            else:
                # "counsel for X", "on behalf of X": X must be a party someone acts for, or the writer's own org
                b = org_of(plan, m.group(3))
                ok = b is None or b.id in serves.values() or b.id not in serves
            out.append((s, ok))
    return out


def poured(plan, text: str) -> list[str]:
    """Sentences that pour a text fact's value into a numeric slot ('stands at reject the tender')."""
    texts = [f.text for f in plan.facts if f.value.type == "text"] + \
            [p.text for f in plan.facts if f.value.type == "text" for p in f.earlier]
    bad = []
    for s in sentences(text):
        for t in texts:
            at = s.find(t)
            if at > 0 and SLOTS.search(s[:at]):
                bad.append(s)
    return bad


def dated_before(plan, contents) -> list[str]:
    """Email subjects that call a draft superseded on a day no newer version of it has been sent."""
    from worldsmith.worlds.content import EmailContent

    out = []
    for spec in plan.artifacts:
        c = contents.get(spec.id)
        if isinstance(c, EmailContent) and re.search(r"supersed", c.subject, re.I) and spec.mode == "new":
            out.append(f"{spec.sent_at:%Y-%m-%d} {c.subject}")
    return out


def cross_author(plan, contents) -> list[str]:
    """The sentences (8+ words) that two or more authors of one world write in their own words (a message's own
    text, not what it quotes; a document's paragraphs): read 20's "boilerplate word for word the same in two
    people's emails", the board advice that "repeats the associate's template word for word"."""
    from worldsmith.worlds.content import DocumentContent, EmailContent

    by: dict[str, set[str]] = {}
    for spec in plan.artifacts:
        c = contents.get(spec.id)
        if isinstance(c, EmailContent):
            own = re.split(r"\n\s*(?:On .{5,80} wrote:|-{5,} Forwarded message)", c.body, maxsplit=1)[0]
            text = [ln for ln in own.splitlines() if not ln.lstrip().startswith(">")]
        elif isinstance(c, DocumentContent):
            text = [p for sec in c.sections for p in sec.paragraphs]
        else:
            continue
        for s in (s for ln in text for s in sentences(ln)):
            if len(s.split()) >= 8:
                by.setdefault(s, set()).add(spec.author)
    return sorted(s for s, who in by.items() if len(who) > 1)


# ---------------------------------------------------------------- report


def shared_frames(frames: dict[str, list[str]]) -> list[tuple[str, dict[str, int]]]:
    """The frames (4+ words) that occur in more than one world, each with how many sentences of each world carry
    it, most carried first."""
    counts = {name: Counter(f for f in fs if len(f.split()) >= 4) for name, fs in frames.items()}
    seen = Counter(f for c in counts.values() for f in c)
    out = [(f, {name: c[f] for name, c in counts.items()}) for f, n in seen.items() if n > 1]
    return sorted(out, key=lambda x: (-sum(x[1].values()), x[0]))


def measure(worlds: dict[str, tuple], show: int, top: int = 0) -> list[dict]:
    """The metrics of each world."""
    from worldsmith.worlds.content import DocumentContent, EmailContent

    texts = {name: world_texts(plan, contents) for name, (plan, contents) in worlds.items()}
    frames: dict[str, list[str]] = {}
    for name, (plan, _) in worlds.items():
        mask = masker(plan)
        frames[name] = [mask(s) for k in ("email", "chat", "document") for s in texts[name][k]]
    if top and len(frames) > 1:
        print(f"== the {top} frames shared most (sentences carrying it in {', '.join(frames)})")
        for f, per in shared_frames(frames)[:top]:
            print(f"  {sum(per.values()):>3} = {'+'.join(str(n) for n in per.values()):<9} {f}")
    rows = []
    for name, (plan, contents) in worlds.items():
        names = {p.first_name for p in plan.people}
        emails = [c for c in contents.values() if isinstance(c, EmailContent)]
        greet = sum(is_greeting(first_line(e.body), names) for e in emails)
        signed = sum(has_sign_off(e.body) for e in emails)
        others = set().union(*(set(f) for n, f in frames.items() if n != name)) if len(frames) > 1 else set()
        mine = [f for f in frames[name] if len(f.split()) >= 4]
        shared = [f for f in mine if f in others]
        long_ = [f for f in mine if len(f.split()) >= 8]
        chat_others = set().union(*(set(texts[n]["chat"]) for n in texts if n != name)) if len(texts) > 1 else set()
        chat_shared = [c for c in texts[name]["chat"] if c in chat_others]
        all_text = [e.body for e in emails] + [p for c in contents.values() if isinstance(c, DocumentContent)
                                               for s in c.sections for p in s.paragraphs]
        rel = [r for t in all_text for r in relations(plan, t)]
        pour = [s for t in all_text for s in poured(plan, t)]
        before = dated_before(plan, contents)
        xauth = cross_author(plan, contents)
        rows.append(dict(world=name, emails=len(emails), greeting=greet / max(1, len(emails)),
                         sign_off=signed / max(1, len(emails)), sentences=len(mine),
                         frames_shared=len(shared) / max(1, len(mine)) if len(frames) > 1 else None,
                         long_shared=sum(f in others for f in long_) / max(1, len(long_)) if len(frames) > 1 else None,
                         chat=len(texts[name]["chat"]), chat_shared=len(chat_shared), relations=len(rel),
                         wrong_relations=sum(not ok for _, ok in rel), stands_at=len(pour), dated_before=len(before),
                         cross_author=len(xauth)))
        if show:
            print(f"\n== {name}")
            for s, n in Counter(shared).most_common(show):
                print(f"  shared x{n}: {s}")
            for c in sorted(set(chat_shared))[:show]:
                print(f"  chat shared: {c}")
            for s, ok in rel[:show]:
                print(f"  relation {'ok ' if ok else 'BAD'}: {s[:160]}")
            for s in pour[:show]:
                print(f"  stands-at: {s[:160]}")
            for s in before[:show]:
                print(f"  dated-before: {s}")
            for s in xauth[:show]:
                print(f"  two authors: {s[:160]}")
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--smoke", action="store_true", help="one world (the legal example) only")
    parser.add_argument("--show", type=int, default=0, help="print up to N examples of each finding")
    parser.add_argument("--top", type=int, default=0, help="print the N frames shared most across the worlds")
    parser.add_argument("--enron", type=Path, default=None, help="a real mail corpus to measure beside the worlds")
    args = parser.parse_args()
    names = EXAMPLES[:1] if args.smoke else EXAMPLES
    with tempfile.TemporaryDirectory(prefix="prose-metrics-") as tmp:
        worlds = {n: make(n, args.seed, Path(tmp)) for n in names}
        rows = measure(worlds, args.show, args.top)
    head = f"{'world':<24}{'emails':>7}{'greet':>7}{'signoff':>8}{'sents':>7}{'shared':>8}{'8+w':>6}{'chat':>6}" \
           f"{'chatdup':>8}{'rels':>6}{'badrel':>7}{'standat':>8}{'before':>7}{'xauth':>7}"
    print(head)
    for r in rows:
        share = f"{r['frames_shared']:.0%}" if r["frames_shared"] is not None else "-"
        long_share = f"{r['long_shared']:.0%}" if r["long_shared"] is not None else "-"
        print(f"{r['world']:<24}{r['emails']:>7}{r['greeting']:>7.0%}{r['sign_off']:>8.0%}{r['sentences']:>7}{share:>8}"
              f"{long_share:>6}"
              f"{r['chat']:>6}{r['chat_shared']:>8}{r['relations']:>6}{r['wrong_relations']:>7}{r['stands_at']:>8}"
              f"{r['dated_before']:>7}{r['cross_author']:>7}")
    if args.enron is not None and args.enron.is_dir():
        bodies = enron_bodies(args.enron)
        greet = sum(is_greeting(first_line(b)) for b in bodies) / len(bodies)
        signed = sum(has_sign_off(b) for b in bodies) / len(bodies)
        print(f"{'enron sample':<24}{len(bodies):>7}{greet:>7.0%}{signed:>8.0%}")
    elif args.enron is not None:
        print(f"(no mail corpus at {args.enron}; skipped)")


if __name__ == "__main__":
    main()
