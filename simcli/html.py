"""report.html: one self-contained page (plots inline as base64 PNG) from a summary."""
from __future__ import annotations

import base64
import html
import json
import math
from pathlib import Path
from typing import Any

STYLE = """
body{font-family:system-ui,-apple-system,Segoe UI,sans-serif;margin:2rem auto;max-width:72rem;
color:#222;line-height:1.4;padding:0 1rem}
h1{font-size:1.6rem}h2{font-size:1.2rem;margin-top:2rem;border-bottom:1px solid #ddd}
table{border-collapse:collapse;margin:.5rem 0;font-size:.85rem}
th,td{border:1px solid #ccc;padding:.2rem .5rem;text-align:right}
th{background:#f3f3f3}td.t{text-align:left}
code{background:#f6f6f6;padding:.1rem .3rem}
img{max-width:100%;border:1px solid #eee;margin:.5rem 0}
.warn{color:#a00;font-weight:bold}.scroll{overflow-x:auto}
"""


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        if math.isnan(value):
            return ""
        if value != 0 and abs(value) < 0.001:
            return f"{value:.1e}"
        if value == int(value) and abs(value) >= 2:
            return f"{value:.0f}"
        return f"{value:.3f}"
    return html.escape(str(value))


def table_html(rows: list[dict[str, Any]]) -> str:
    if not rows:
        return "<p>(empty)</p>"
    cols = list(rows[0])
    head = "".join(f"<th>{html.escape(c)}</th>" for c in cols)
    body = []
    for r in rows:
        cells = "".join(
            f'<td class="t">{_cell(r.get(c))}</td>' if isinstance(r.get(c), str)
            else f"<td>{_cell(r.get(c))}</td>" for c in cols)
        body.append(f"<tr>{cells}</tr>")
    return (f'<div class="scroll"><table><thead><tr>{head}</tr></thead>'
            f"<tbody>{''.join(body)}</tbody></table></div>")


def render(summary: dict[str, Any], plot_dir: Path) -> str:
    """The page as a string."""
    s = summary
    params = [
        ("game", f"{s['title']} ({s['game']})"),
        ("rules version", s["rules_version"]),
        ("simcli version", s["simcli_version"]),
        ("games", s["games"]),
        ("seed", s["seed"]),
        ("players", s["players"]),
        ("strategies", ", ".join(s["strategies"] or [])),
        ("rules overrides", json.dumps(s["rules_overrides"])),
        ("variants", ", ".join(v["name"] for v in s.get("variants", []))),
        ("data", f"{s['data_file'] or 'shipped data.toml'} (hash {s['data_hash']})"),
        ("stopping rule", s.get("stopping") or "fixed number of games"),
    ]
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{html.escape(s['title'])} — simcli report</title>",
        f"<style>{STYLE}</style></head><body>",
        f"<h1>{html.escape(s['title'])} — balance report</h1>",
        "<h2>Run</h2>",
        table_html([{"parameter": k, "value": str(v)} for k, v in params]),
        f"<p>Reproduce: <code>{html.escape(s.get('reproduce') or '')}</code></p>",
    ]
    if s.get("errors"):
        parts.append(f'<p class="warn">{s["errors"]} game(s) raised: see errors.jsonl</p>')
    if s.get("interrupted"):
        parts.append('<p class="warn">Interrupted: tables cover the finished games.</p>')
    sections = list(s.get("sweep_tables", {}).items()) + [
        ("Seat win share (95% Wilson interval)", s["seats"]),
        ("Fairness: first-player advantage and chi-square over seats", s["fairness"]),
        ("Strategy win share (seats rotated)", s["strategy_table"]),
        ("End conditions", s["end_reasons"]),
        ("Game length", s["length"]),
        ("Score distribution per seat", s["score_quantiles"]),
    ] + list(s.get("game_tables", {}).items())
    for title, rows in sections:
        parts += [f"<h2>{html.escape(title)}</h2>", table_html(rows)]
    parts.append("<h2>Plots</h2>")
    for name in s.get("plots", []):
        path = plot_dir / name
        if not path.is_file():
            continue
        data = base64.b64encode(path.read_bytes()).decode("ascii")
        parts.append(f'<figure><img alt="{html.escape(name)}" '
                     f'src="data:image/png;base64,{data}"><figcaption>{html.escape(name)}'
                     "</figcaption></figure>")
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


def write(summary: dict[str, Any], folder: Path) -> Path:
    path = folder / "report.html"
    from simcli.fsio import atomic_write_text

    atomic_write_text(path, render(summary, folder / "plots"))
    return path
