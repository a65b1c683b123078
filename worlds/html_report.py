"""report.html: a world's validation verdict, its checks and its mail profile against the reference, in one file.

Self-contained (inline CSS and SVG, no scripts, no fonts or images from anywhere) and deterministic
(no timestamps, stable order, fixed number formats), because the file is hashed in the manifest.
"""

from __future__ import annotations

import html
import os
import uuid
from pathlib import Path

from worldsmith.worlds.bundle import REPORT_HTML
from worldsmith.worlds.profile import Histogram, MetricComparison, Profile
from worldsmith.worlds.realism import Realism
from worldsmith.worlds.report import ValidationReport

WORLD_COLOUR = "#2f6db5"
REFERENCE_COLOUR = "#c9a227"
CHARTS = [
    ("send_hour", "Sending hour (local time)"),
    ("send_weekday", "Weekday"),
    ("recipients_hist", "Recipients per message (To + Cc)"),
    ("new_words_hist", "Words of new text per message"),
    ("body_words_hist", "Words per message, quoted history included"),
    ("document_words_hist", "Words per document"),
]

_CSS = """
body{font:14px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#1d232b;
margin:0;background:#f6f7f9}
main{max-width:1100px;margin:0 auto;padding:24px}
h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 8px}h3{font-size:14px;margin:0 0 6px}
.sub{color:#5b6573;margin:0 0 16px}
.verdict{display:inline-block;padding:4px 12px;border-radius:4px;font-weight:600;color:#fff}
.pass{background:#2e7d32}.warn{background:#b7791f}.fail{background:#c62828}
table{border-collapse:collapse;width:100%;background:#fff;margin:0 0 8px}
th,td{text-align:left;padding:5px 8px;border-bottom:1px solid #e3e6ea;vertical-align:top}
th{background:#eef1f4;font-weight:600}
td.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
.ok{color:#2e7d32;font-weight:600}.out{color:#c62828;font-weight:600}.na{color:#8a94a3}
.sev-error{color:#c62828}.sev-warn{color:#b7791f}
details{background:#fff;border:1px solid #e3e6ea;border-radius:4px;margin:6px 0;padding:6px 10px}
summary{cursor:pointer}
code{font:12px ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;word-break:break-all}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(520px,1fr));gap:14px}
.card{background:#fff;border:1px solid #e3e6ea;border-radius:4px;padding:10px}
.legend span{display:inline-block;width:10px;height:10px;margin:0 4px 0 12px;vertical-align:middle}
"""


def _e(value: object) -> str:
    return html.escape(str(value), quote=True)


def _num(value: float | None, digits: int = 3) -> str:
    if value is None:
        return "-"
    if float(value).is_integer() and abs(value) >= 1:
        return f"{int(value)}"
    return f"{value:.{digits}f}"


def bar_chart(world: Histogram, reference: Histogram | None, title: str) -> str:
    """An inline SVG of a histogram's shares, world and reference side by side per bin."""
    bins = world.bins
    ref = reference.shares if reference is not None and reference.bins == bins and reference.n else None
    width, height, left, bottom, top = 500, 190, 34, 34, 10
    plot_w, plot_h = width - left - 8, height - bottom - top
    peak = max([*world.shares, *(ref or []), 0.01])
    slot = plot_w / len(bins)
    bar = slot * (0.4 if ref else 0.7)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" '
             f'height="{height}" role="img" aria-label="{_e(title)}">']
    for frac in (0.0, 0.5, 1.0):
        y = top + plot_h * (1 - frac)
        parts.append(f'<line x1="{left}" y1="{y:.1f}" x2="{width - 8}" y2="{y:.1f}" stroke="#e3e6ea"/>')
        parts.append(f'<text x="{left - 4}" y="{y + 4:.1f}" font-size="10" text-anchor="end" fill="#5b6573">'
                     f'{peak * frac * 100:.0f}%</text>')
    step = 1 if len(bins) <= 12 else 3
    for i, label in enumerate(bins):
        x0 = left + i * slot + (slot - (2 * bar if ref else bar)) / 2
        series = [(world.shares[i], WORLD_COLOUR, "world")] + ([(ref[i], REFERENCE_COLOUR, "reference")] if ref else [])
        for j, (share, colour, who) in enumerate(series):
            h = plot_h * share / peak
            parts.append(f'<rect x="{x0 + j * bar:.1f}" y="{top + plot_h - h:.1f}" width="{bar:.1f}" height="{h:.1f}" '
                         f'fill="{colour}"><title>{_e(label)}: {who} {share * 100:.1f}%</title></rect>')
        if i % step == 0:
            parts.append(f'<text x="{left + (i + 0.5) * slot:.1f}" y="{height - bottom + 14}" font-size="10" '
                         f'text-anchor="middle" fill="#5b6573">{_e(label)}</text>')
    parts.append(f'<text x="{left + plot_w / 2:.1f}" y="{height - 4}" font-size="10" text-anchor="middle" '
                 f'fill="#5b6573">share of {world.n} in the world'
                 + (f', of {reference.n} in the reference' if ref else '') + '</text>')
    parts.append("</svg>")
    return "".join(parts)


def _verdict(report: ValidationReport) -> str:
    return f'<span class="verdict {report.verdict}">{report.verdict.upper()}</span>'


def _checks(report: ValidationReport) -> str:
    rows = []
    for c in sorted(report.checks, key=lambda c: (c.passed, c.severity != "error", c.id)):
        state = '<span class="ok">ok</span>' if c.passed else f'<span class="sev-{c.severity}">{c.count} found</span>'
        rows.append(f"<tr><td><code>{_e(c.id)}</code></td><td class=\"sev-{c.severity}\">{c.severity}</td>"
                    f"<td>{state}</td><td>{_e(c.description)}</td></tr>")
    out = ['<table><tr><th>check</th><th>severity</th><th>result</th><th>what it checks</th></tr>', *rows, "</table>"]
    for c in report.failed():
        items = "".join(f"<tr><td><code>{_e(r.path or r.artifact_id or '(the world)')}</code></td><td>{_e(r.detail)}</td></tr>"
                        for r in c.rows)
        more = f"<p class=\"sub\">and {c.count - len(c.rows)} more</p>" if c.count > len(c.rows) else ""
        out.append(f'<details open><summary><code>{_e(c.id)}</code> <span class="sev-{c.severity}">{c.severity}</span>: '
                   f'{c.count} offending</summary><table><tr><th>file</th><th>problem</th></tr>{items}</table>{more}'
                   f"</details>")
    return "\n".join(out)


def _metrics(metrics: list[MetricComparison]) -> str:
    rows = []
    for m in metrics:
        state = ('<span class="ok">ok</span>' if m.ok else '<span class="out">out</span>' if m.ok is False
                 else f'<span class="na">{_e(m.note or "not judged")}</span>')
        unit = "JSD" if m.kind == "histogram" else "rel. error"
        values = ("n " + _num(m.world_value), "n " + _num(m.reference_value)) if m.kind == "histogram" else \
            (_num(m.world_value), _num(m.reference_value))
        rows.append(f"<tr><td><code>{_e(m.metric)}</code></td><td>{m.kind}</td><td class=\"num\">{_e(values[0])}</td>"
                    f"<td class=\"num\">{_e(values[1])}</td><td class=\"num\">{_num(m.divergence)} {unit}</td>"
                    f"<td class=\"num\">{_num(m.tolerance)}</td><td>{state}</td></tr>")
    return ("<table><tr><th>metric</th><th>kind</th><th>world</th><th>reference</th><th>divergence</th>"
            "<th>tolerance</th><th></th></tr>" + "".join(rows) + "</table>")


def _charts(world: Profile, reference: Profile) -> str:
    cards = []
    for name, title in CHARTS:
        w = getattr(world, name)
        if not w.n:
            continue
        cards.append(f'<div class="card"><h3>{_e(title)}</h3>{bar_chart(w, getattr(reference, name), title)}</div>')
    return '<div class="grid">' + "".join(cards) + "</div>"


def _figures(world: Profile, reference: Profile) -> str:
    rows = [
        ("messages", world.messages, reference.messages),
        ("share of replies", world.reply_share.value, reference.reply_share.value),
        ("share of forwards", world.forward_share.value, reference.forward_share.value),
        ("share with Cc", world.cc_share.value, reference.cc_share.value),
        ("recipients, mean", world.recipients.mean, reference.recipients.mean),
        ("new text words, median", world.new_words.median, reference.new_words.median),
        ("body words, median", world.body_words.median, reference.body_words.median),
        ("thread depth, mean", world.thread_depth.mean, reference.thread_depth.mean),
        ("thread depth, max", world.thread_depth.max, reference.thread_depth.max),
        ("documents", world.document_words.n, reference.document_words.n),
        ("document words, median", world.document_words.median, reference.document_words.median),
        ("sheets", world.sheet_rows.n, reference.sheet_rows.n),
        ("sheet rows, median", world.sheet_rows.median, reference.sheet_rows.median),
        ("sheet columns, median", world.sheet_cols.median, reference.sheet_cols.median),
    ]
    body = "".join(f"<tr><td>{_e(k)}</td><td class=\"num\">{_num(a)}</td><td class=\"num\">{_num(b)}</td></tr>"
                   for k, a, b in rows)
    return f"<table><tr><th>figure</th><th>world</th><th>reference</th></tr>{body}</table>"


def render_html(report: ValidationReport, realism: Realism) -> str:
    """The whole report page as text."""
    world, reference, metrics = realism.world, realism.reference, realism.metrics
    judged = [m for m in metrics if m.ok is not None]
    within = sum(1 for m in judged if m.ok)
    failed = [c for c in report.checks if not c.passed]
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Validation of {_e(report.world_id)}</title>
<style>{_CSS}</style></head>
<body><main>
<h1>{_e(report.world_id)}</h1>
<p class="sub">{_verdict(report)} &nbsp; {report.errors} errors, {report.warnings} warnings in {len(report.checks)} checks
({len(failed)} found something); mail profile: {within} of {len(judged)} judged metrics within tolerance of
<code>{_e(reference.source)}</code></p>
<h2>Checks</h2>
{_checks(report)}
<h2>Mail profile against the reference</h2>
<p class="legend"><span style="background:{WORLD_COLOUR}"></span>this world
<span style="background:{REFERENCE_COLOUR}"></span>reference ({_e(reference.source)})</p>
{_charts(world, reference)}
<h2>Metrics</h2>
{_metrics(metrics)}
<h2>Figures</h2>
{_figures(world, reference)}
</main></body></html>
"""


def write_html_report(bundle: Path, report: ValidationReport, realism: Realism) -> Path:
    """Write bundle/report.html (atomically) and return its path."""
    target = Path(bundle) / REPORT_HTML
    tmp = target.with_name(f"{target.name}.tmp-{os.getpid()}-{uuid.uuid4().hex[:8]}")
    tmp.write_text(render_html(report, realism), encoding="utf-8")
    os.replace(tmp, target)
    return target
