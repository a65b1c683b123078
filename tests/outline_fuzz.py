"""A fuzzer of outlines: seeded mutants of a valid outline, and the property each one must hold.

The property (issue 9): every mutant either is refused with one OutlineError that names the file and a
line, or is made into a world that is published or quarantined; never another exception, never more
than 1 GiB. Each mutant runs in a child forked from a clean worker process, so one mutant's memory or
hang is measured (wait4's rusage) and bounded (an alarm, an address-space limit) on its own.

    python -m tests.outline_fuzz --mutants 300 --seed 0 --generate 20 --out /tmp/fuzz   # one JSON line a mutant
"""

from __future__ import annotations

import argparse
import copy
import datetime as dt
import json
import os
import random
import resource
import signal
import sys
import time
import traceback
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml

MINI = Path(__file__).resolve().parent / "fixtures" / "mini.yaml"
GIB = 1 << 30

# Strings that break a format, a header, a file name or a template somewhere.
HOSTILE_TEXT = [
    "bell\x07here", "carriage\rreturn", "line\u2028separator", "para\u2029graph", "tab\there", "new\nline",
    "nul\x00byte", "\x1b[31mred", "next\x85line", "del\x7fete", "\ufeffbom", "non\ufffechar", "lone\ud800surrogate",
    "A" * 300, "B" * 20_000, "", " ", "x", "émoji 🚀 ✓ naïve", "rtl \u202eoverride", "zero\u200bwidth",
    "<script>alert(1)</script>", "[Client Name] by {{ deadline }}", "../../etc/passwd", "C:\\Windows\\con",
    "con", "a/b//c", "%s %d {0} {}", "' OR 1=1 --", "\\", "null", "~", "yes", "2026-02-30", "-1", "1e400",
    "NaN", "xx_XX", "en_GB", "ja_JP", "ar_AA", "zh_CN", "Europe/Nowhere", "harrowvane.com", "a" * 61,
]
HOSTILE_VALUES: list[Any] = [
    None, 0, -1, 1, 2, 10**400, 10**15, 1e308, float("nan"), float("inf"), True, [], {}, [1, 2], {"a": 1},
    dt.date(9999, 12, 31), dt.date(1, 1, 1), dt.date(2026, 3, 1), dt.date(2026, 2, 1), dt.date(2031, 3, 1),
    5000, 501, 16, 13, 0.1234567891, "12,500,000",
]
INSERTS = [b"\xff", b"\x00", b"\x07", b"\t", b"\r", b"\xe2\x80\xa8", b": ", b"- ", b"&a ", b"*a", b"*b ",
           b"!!python/object/apply:os.system ['true'] ", b"{", b"[", b"'", b'"', b"#", b"%YAML 1.1\n", b"---\n",
           b"...\n", b"<<: *a\n", b"? [a]\n", b"!!binary abc ", b"!!timestamp x ", b"0x", b"99999999999999999999"]
SNIPPETS = [
    # an alias bomb of depth 9 (a billion laughs), a merge-key bomb, deep nesting, a recursive alias
    "".join([f"l0: &l0 [{','.join(['lol'] * 9)}]\n"] + [f"l{i}: &l{i} [{','.join([f'*l{i - 1}'] * 9)}]\n" for i in range(1, 10)]),
    "".join(["m0: &m0 {a: 1, b: 2, c: 3, d: 4, e: 5, f: 6, g: 7, h: 8, i: 9}\n"]
            + [f"m{i}: &m{i} {{<<: [{', '.join([f'*m{i - 1}'] * 9)}]}}\n" for i in range(1, 10)]),
    "deep: " + "[" * 1000 + "]" * 1000 + "\n",
    "deepmap: " + "{a: " * 500 + "1" + "}" * 500 + "\n",
    "loop: &loop [*loop]\n",
    "loopmap: &lm {self: *lm}\n",
]


def _leaves(data: Any, path: tuple = ()) -> Iterator[tuple]:
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _leaves(v, path + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _leaves(v, path + (i,))
    if path:
        yield path


def _get(data: Any, path: tuple) -> Any:
    for part in path:
        data = data[part]
    return data


def _set(data: Any, path: tuple, value: Any) -> None:
    _get(data, path[:-1])[path[-1]] = value


def _dump(data: Any) -> bytes:
    # allow_unicode=False writes every odd character as a YAML escape, so the text itself stays readable YAML
    return yaml.safe_dump(data, allow_unicode=False, sort_keys=False, width=10_000).encode()


def mutate(source: bytes, rng: random.Random) -> tuple[str, bytes]:
    """One mutant of a YAML outline: (what was done, its bytes)."""
    data = yaml.safe_load(source)
    leaves = list(_leaves(data))
    op = rng.choice(["text", "text", "value", "value", "delete", "duplicate", "unknown_key", "swap", "one_person",
                     "locale", "dates", "line_delete", "line_dup", "indent", "truncate", "insert", "insert",
                     "snippet", "number"])
    if op in ("text", "value", "delete", "duplicate", "unknown_key", "swap", "one_person", "locale", "dates"):
        data = copy.deepcopy(data)
        path = rng.choice(leaves)
        if op == "text":
            _set(data, path, rng.choice(HOSTILE_TEXT))
        elif op == "value":
            _set(data, path, copy.deepcopy(rng.choice(HOSTILE_VALUES)))
        elif op == "delete":
            parent = _get(data, path[:-1])
            del parent[path[-1]]
        elif op == "duplicate":
            lists = [p for p in leaves if isinstance(_get(data, p), list) and _get(data, p)]
            if lists:
                target = _get(data, rng.choice(lists))
                target.append(copy.deepcopy(rng.choice(target)))
        elif op == "unknown_key":
            dicts = [p for p in leaves if isinstance(_get(data, p), dict)] or [()]
            _get(data, rng.choice(dicts))[rng.choice(["titel", "kind", "extra", "id", "count"])] = rng.choice(HOSTILE_TEXT)
        elif op == "swap":
            other = rng.choice(leaves)
            try:
                a, b = copy.deepcopy(_get(data, path)), copy.deepcopy(_get(data, other))
                _set(data, path, b)
                _set(data, other, a)
            except (KeyError, IndexError, TypeError):
                pass  # one path was inside the other
        elif op == "one_person":
            data["cast"] = data["cast"][:1]
            data["cast"][0]["count"] = 1
        elif op == "locale":
            data["locale"] = rng.choice(["xx_XX", "en", "EN_us", "de_DE", "ja_JP", "ar_AA", "zh_CN", "fr_FR", "", "en-GB"])
        else:  # dates
            day = dt.date(2026, 3, 2) + dt.timedelta(days=rng.randint(-40_000, 40_000))
            dated = [p for p in leaves if isinstance(_get(data, p), dt.date)]
            if dated:
                _set(data, rng.choice(dated), day)
        return f"{op}:{'.'.join(map(str, path))}", _dump(data)
    lines = source.split(b"\n")
    i = rng.randrange(len(lines))
    if op == "line_delete":
        del lines[i]
    elif op == "line_dup":
        lines.insert(i, lines[i])
    elif op == "indent":
        lines[i] = (b" " * rng.randint(1, 3) + lines[i]) if rng.random() < 0.5 else lines[i].lstrip(b" ")
    elif op == "truncate":
        return f"truncate:{i}", source[: rng.randrange(len(source))]
    elif op == "insert":
        line = lines[i]
        at = rng.randint(0, len(line))
        lines[i] = line[:at] + rng.choice(INSERTS) + line[at:]
    elif op == "snippet":
        return f"snippet:{i}", rng.choice(SNIPPETS).encode() + source
    else:  # number: a figure of the file made huge, negative or odd
        digits = [j for j, line in enumerate(lines) if any(ch in b"0123456789" for ch in line)]
        j = rng.choice(digits)
        lines[j] = lines[j].replace(b"0", rng.choice([b"0" * 400, b"-0", b"9" * 20, b".5"]), 1)
        i = j
    return f"{op}:{i}", b"\n".join(lines)


def mutants(source: bytes, n: int, seed: int) -> Iterator[tuple[int, str, bytes]]:
    """n seeded mutants of the source: (index, what was done, bytes)."""
    rng = random.Random(seed)
    for k in range(n):
        name, text = mutate(source, rng)
        yield k, name, text


def run_one(path: Path, out: Path, generate: bool) -> dict:
    """Check (and maybe make) one outline in this process: what `outline check` and `generate` would do."""
    from worldsmith.flows import pipeline
    from worldsmith.generators.backends.offline import OfflineBackend
    from worldsmith.worlds import bundle
    from worldsmith.worlds.errors import OutlineError

    backend = OfflineBackend()
    try:
        prepared = pipeline.prepare(path, 0, backend)
        plan = pipeline.make_plan(prepared)
    except OutlineError as exc:
        return {"outcome": "refused", "message": str(exc), "line": exc.line,
                "names_file_and_line": str(exc).startswith(f"{path}:{exc.line}:") and exc.line is not None}
    if not generate:
        return {"outcome": "accepted"}
    started = time.perf_counter()
    staging = bundle.new_staging(out, plan.world_id)
    made = pipeline.generate_all(plan, prepared.taxonomy, backend)
    failures = list(made.failures) + pipeline.render_isolated(plan, made.contents, staging)
    report = pipeline.validate(staging)
    pipeline.write_failures(staging, failures, "quarantine")
    manifest = pipeline.write_manifest(prepared, plan, report, staging, backend, failures=failures)
    published = pipeline.publish(manifest, staging, out, started, force=True)
    world = Path(published.path)
    ok = (world / bundle.MANIFEST).is_file()
    return {"outcome": "quarantined" if published.quarantined else "published", "world_ok": ok,
            "verdict": published.verdict, "failures": len(published.failures)}


def run_forked(path: Path, out: Path, generate: bool, timeout: float = 300.0) -> dict:
    """run_one in a forked child: its result, plus its peak memory and seconds; a crash is a 'traceback'."""
    read, write = os.pipe()
    started = time.perf_counter()
    pid = os.fork()
    if pid == 0:  # the child: bounded in time and address space, reports one JSON object
        os.close(read)
        code = 0
        try:
            resource.setrlimit(resource.RLIMIT_AS, (4 * GIB, 4 * GIB))  # a guard for the machine; 1 GiB is judged below
            signal.alarm(int(timeout))
            result = run_one(path, out, generate)
        except BaseException:  # noqa: BLE001 - the property is that nothing gets here
            result = {"outcome": "traceback", "traceback": traceback.format_exc()[-3000:]}
            code = 1
        with os.fdopen(write, "w") as f:
            f.write(json.dumps(result, default=str))
        os._exit(code)
    os.close(write)
    with os.fdopen(read) as f:
        text = f.read()
    _, status, usage = os.wait4(pid, 0)
    result = json.loads(text) if text else {"outcome": "killed", "status": status}
    if os.WIFSIGNALED(status) and result.get("outcome") != "traceback":
        result = {"outcome": "killed", "signal": os.WTERMSIG(status)}
    result["peak_mib"] = round(usage.ru_maxrss / 1024, 1)  # ru_maxrss is in KiB on Linux
    result["seconds"] = round(time.perf_counter() - started, 2)
    return result


def violations(result: dict) -> list[str]:
    """What in one mutant's result breaks the property."""
    bad = []
    if result["outcome"] in ("traceback", "killed"):
        bad.append(result["outcome"])
    if result["outcome"] == "refused" and not result.get("names_file_and_line"):
        bad.append("refused without file:line")
    if result["outcome"] in ("published", "quarantined") and not result.get("world_ok"):
        bad.append("no manifest in the world")
    if result.get("peak_mib", 0) > 1024:
        bad.append("over 1 GiB")
    return bad


def fuzz(n: int, seed: int, out: Path, generate: int, source: Path = MINI, log=None) -> dict:
    """Run n mutants (generating at most `generate` of the accepted ones); a summary of outcomes and violations."""
    import worldsmith.flows.pipeline  # noqa: F401 - imported once here, so each forked child starts warm
    import worldsmith.generators.backends.offline  # noqa: F401

    out.mkdir(parents=True, exist_ok=True)
    outcomes: Counter[str] = Counter()
    broken: list[dict] = []
    peak = 0.0
    made = 0
    src = source.read_bytes()
    started = time.perf_counter()
    for k, name, text in mutants(src, n, seed):
        path = out / f"mutant-{k:05d}.yaml"
        path.write_bytes(text)
        result = run_forked(path, out / "worlds", generate=made < generate)
        if result["outcome"] in ("published", "quarantined"):
            made += 1
        result.update(mutant=k, op=name)
        outcomes[result["outcome"]] += 1
        peak = max(peak, result["peak_mib"])
        bad = violations(result)
        if bad:
            broken.append({**result, "violations": bad, "file": str(path)})
        else:
            path.unlink()
        if log is not None:
            print(json.dumps(result, default=str), file=log, flush=True)
    return {"mutants": n, "seed": seed, "outcomes": dict(outcomes), "violations": len(broken),
            "broken": broken[:20], "peak_mib": peak, "seconds": round(time.perf_counter() - started, 1)}


def main(argv: list[str] | None = None) -> int:
    """Command line: run the fuzzer, print one JSON line per mutant and a summary line last."""
    p = argparse.ArgumentParser(prog="python -m tests.outline_fuzz")
    p.add_argument("--mutants", type=int, default=300)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--generate", type=int, default=20, help="make worlds of at most this many accepted mutants")
    p.add_argument("--source", type=Path, default=MINI)
    p.add_argument("--out", type=Path, required=True)
    p.add_argument("--quiet", action="store_true", help="print the summary only")
    args = p.parse_args(argv)
    summary = fuzz(args.mutants, args.seed, args.out, args.generate, args.source, None if args.quiet else sys.stdout)
    print(json.dumps({"summary": summary}, default=str), flush=True)
    return 1 if summary["violations"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
