"""report.html: one self-contained page (plots inline as base64 PNG) from a summary.

The page reads top-down as a designer asks: the findings first, then (sweeps) the verdict
and the ranking, then each table beside its plot with a caption in words. Wide tables
scroll inside their own box and long ones fold into ``<details>``, so the page fits a
1280 px window. Rendered with a jinja2 template (autoescaped).
"""
from __future__ import annotations

import base64
import json
import math
from pathlib import Path
from typing import Any

import jinja2
import markupsafe

from simcli import report

FOLD_ROWS = 12

STYLE = """
*{box-sizing:border-box}
body{font-family:system-ui,-apple-system,Segoe UI,sans-serif;margin:1.5rem auto;
max-width:76rem;color:#222;line-height:1.45;padding:0 1rem}
h1{font-size:1.6rem;margin-bottom:.2rem}h2{font-size:1.25rem;margin-top:2.2rem;
border-bottom:1px solid #ddd}h3{font-size:1.05rem;margin:1.4rem 0 .4rem}
.sub{color:#555;margin-top:0}
nav#toc{background:#f7f7f7;border:1px solid #e3e3e3;padding:.5rem 1rem;font-size:.9rem}
nav#toc ol{margin:.2rem 0;padding-left:1.4rem;columns:2}
ol.findings{padding-left:1.4rem}ol.findings li{margin:.35rem 0}
li.caveat{color:#555}li.sure{font-weight:500}
.pair{display:flex;flex-wrap:wrap;gap:1.2rem;align-items:flex-start}
.pair>.tbl{flex:1 1 34rem;min-width:0}.pair>figure{flex:1 1 26rem;min-width:0;margin:0}
.pair.stack{flex-direction:column}.pair.stack>.tbl,.pair.stack>figure{flex:none;width:100%}
.pair.stack>figure img{width:auto;max-width:100%}
.scroll{overflow-x:auto;max-width:100%}
table{border-collapse:collapse;margin:.4rem 0;font-size:.82rem}
th,td{border:1px solid #ccc;padding:.15rem .45rem;text-align:right;white-space:nowrap}
th{background:#f3f3f3;position:sticky;top:0;white-space:normal}td.t{text-align:left}
code{background:#f6f6f6;padding:.1rem .3rem;overflow-wrap:anywhere}
img{max-width:100%;height:auto;border:1px solid #eee}
figcaption{font-size:.85rem;color:#444}
details>summary{cursor:pointer;color:#245;margin:.3rem 0}
.warn{color:#a00;font-weight:bold}
p.note{font-size:.9rem;color:#444;max-width:60rem}
"""

TEMPLATE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ s.title }} — simcli report</title>
<style>{{ style }}</style></head><body>
<h1>{{ s.title }} — {{ kind }} report</h1>
<p class="sub">{{ headline }}</p>
<nav id="toc"><strong>Contents</strong><ol>
{% for sec in sections %}<li><a href="#{{ sec.id }}">{{ sec.title }}</a></li>
{% endfor %}</ol></nav>
{% for sec in sections %}
<section id="{{ sec.id }}" data-section="{{ sec.id }}">
<h2>{{ sec.title }}</h2>
{% if sec.id == "findings" %}
{% if s.errors %}<p class="warn">{{ s.errors }} game(s) raised: see errors.jsonl</p>{% endif %}
{% if s.interrupted %}<p class="warn">Interrupted: the tables cover the finished games.</p>
{% endif %}
<ol class="findings">{% for f in findings %}
<li class="{{ f.kind }}{% if f.sure %} sure{% endif %}">{{ f.text }}</li>{% endfor %}
</ol>
{% if confirm %}<h3 id="confirm">Verdicts under search play (--confirm)</h3>
<ol class="findings">{% for f in confirm %}<li>{{ f }}</li>{% endfor %}
</ol>
{% endif %}
{% endif %}
{% if sec.note %}<p class="note">{{ sec.note }}</p>{% endif %}
{% for block in sec.blocks %}
{% if block.title %}<h3>{{ block.title }}</h3>{% endif %}
<div class="pair{% if block.stack %} stack{% endif %}">
{% if block.table %}<div class="tbl">
{% if block.rows > fold %}<details><summary>{{ block.rows }} rows — show the table</summary>
{% endif %}<div class="scroll">{{ block.table }}</div>
{% if block.rows > fold %}</details>{% endif %}</div>{% endif %}
{% for fig in block.figures %}<figure><img alt="{{ fig.name }}" src="{{ fig.src }}">
<figcaption>{{ fig.caption }}</figcaption></figure>{% endfor %}
</div>
{% endfor %}
{% if sec.id == "run" %}
<div class="scroll">{{ run_table }}</div>
<p>Reproduce: <code>{{ s.reproduce or "" }}</code></p>
{% endif %}
</section>
{% endfor %}
</body></html>
"""

# plot file (prefix) -> (table id it sits beside, caption in words)
CAPTIONS = {
    "seat_win_share": ("seats", "Win share per seat with 95% intervals; the dashed line is "
                       "the fair share 1/n. A bar whose interval misses the line is a seat "
                       "that wins too often or too rarely."),
    "strategy_win_share": ("strategy_table", "Win share per strategy (seats rotated) with "
                           "95% intervals; the dashed line is the fair share 1/n."),
    "score_distribution": ("score_quantiles", "Final scores per seat: the box spans the "
                           "middle half of games, the line is the median, whiskers reach "
                           "the lowest and highest score."),
    "game_length": ("length", "How long games last, per player count."),
    "sweep_heatmap": ("ranking", "Fairness over the grid: largest seat gap (left) and "
                      "first-player advantage (right). The printed rules are outlined; "
                      "grey cells are not separated from the fairest."),
    "sweep_forest": ("paired_vs_baseline", "Paired difference of each seat's win share "
                     "against the baseline variant on the same seeds, with 95% intervals. "
                     "An interval that misses zero is a real change."),
    "sweep_fairness": ("ranking", "Largest seat gap per variant (smaller is fairer); each "
                       "variant keeps its colour in every plot."),
    "vghs_characters": ("win_share_by_character",
                        "Win share per character with 95% intervals against the fair share."),
    "vghs_rounds": ("end_of_game_rank_1_vs_empty_challenge_deck_and_rounds",
                    "Rounds played, by how the game ended."),
    "vgc_seat_bonus": ("seat_win_share_by_starting_items_initiative_bonus",
                       "Win share per initiative position, labelled with the items that "
                       "position starts with."),
    "class89_seats": ("seat_win_share_by_starting_signatures",
                      "Win share per seat, labelled with its starting signatures."),
    "class89_solo": ("solo_against_ed_by_difficulty",
                     "Solo: the bots' win share against Ed per difficulty (95% intervals) "
                     "and the score margin (bot minus Ed)."),
    "lovebattle_otm_girl": ("one_true_match_girl_frequency",
                            "How often each Girl ends as One True Match (ties count for "
                            "each), with 95% intervals."),
    "lovebattle_vote_outcome": ("vote_type_chosen_and_how_often_it_pays",
                                "How often each vote type pays Ki, with 95% intervals."),
    "lovebattle_ki_sources": ("ki_sources_votes_plot_points_tokens",
                              "Where each strategy's Ki comes from."),
}

NOTES = {
    "fairness": "Reading the fairness table: first_player_advantage is seat 1's win share "
                "minus the fair share 1/n with its 95% interval and an exact binomial "
                "p-value; fpa_adjusted_p_value is that p corrected over all the seats (Holm), "
                "as the seat findings test it, and decides whether seat 1 is sure to be "
                "off; fpa_games_needed is about how many games would detect an "
                "advantage of that size; the chi-square tests all seats at once; "
                "max_seat_deviation is the largest gap of any seat from 1/n.",
    "ranking": "Variants are ranked by their largest seat gap (smaller is fairer). The "
               "fairest is named only when it is separated from the next on the same "
               "seeds; otherwise the findings list the variants tied with it and the games "
               "per variant that would separate them.",
    "strategy_table": "games counts the games a strategy played in; seats counts its "
                      "seats (more than games when it fills several seats of a game); "
                      "win_share is per seat.",
}


def cell(value: Any, column: str = "") -> str:
    """One table cell as text: <0.001 for small p-values, yes/no for flags."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        if math.isnan(value):
            return ""
        if report.is_count(column):
            return f"{value:.0f}" if value == int(value) else f"{value:.1f}"
        if "p_value" in column or column.endswith("_p"):
            return "<0.001" if value < 0.001 else f"{value:.3f}"
        if value != 0 and abs(value) < 0.001:
            return f"{value:.1e}"
        if value == int(value) and abs(value) >= 2:
            return f"{value:.0f}"
        return f"{value:.3f}"
    if isinstance(value, list | dict):
        return json.dumps(value)
    return str(value)


def table_html(rows: list[dict[str, Any]], drop: tuple[str, ...] = ()) -> str:
    if not rows:
        return "<p>(empty)</p>"
    esc = markupsafe.escape
    cols = [c for c in dict.fromkeys(k for r in rows for k in r) if c not in drop]
    # a long column name may break after an underscore where the table would not fit
    head = "".join(f"<th>{markupsafe.Markup('_<wbr>').join(str(c).split('_'))}</th>"
                   for c in cols)
    body = []
    for r in rows:
        cells = "".join(
            f'<td class="t">{esc(cell(r.get(c), c))}</td>' if isinstance(r.get(c), str)
            else f"<td>{esc(cell(r.get(c), c))}</td>" for c in cols)
        body.append(f"<tr>{cells}</tr>")
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"


def table_width(rows: list[dict], drop: tuple[str, ...] = ()) -> int:
    """About how wide a table renders, in px (7 px a character, 16 px padding a cell):
    wider than half the page and its plot goes below it instead of beside it."""
    cols = [c for c in dict.fromkeys(k for r in rows for k in r) if c not in drop]
    return sum(16 + 7 * max([len(c)] + [len(cell(r.get(c), c)) for r in rows[:50]])
               for c in cols)


#: captions that differ in a solo report (every game against the automaton: the strategy
#: plot draws no fair-share line, the score plot marks the automaton's seat)
SOLO_CAPTIONS = {
    "strategy_win_share": "Win share per strategy (seats rotated) with 95% intervals; the "
                          "automaton's row is its win share against the bots.",
    "score_distribution": "Final scores of the bots' seat and the automaton's (the seat "
                          "marked automaton): the box spans the middle half of games, the "
                          "line is the median, whiskers reach the lowest and highest score.",
}


def _constant(rows: list[dict]) -> tuple[str, ...]:
    """Columns constant across a table (variant / n_players of a plain run)."""
    return tuple(c for c in ("variant", "n_players")
                 if rows and c in rows[0] and len({r.get(c) for r in rows}) <= 1)


def _plot_prefix(name: str) -> str | None:
    """The ``CAPTIONS`` key a plot file belongs to (its name starts with it), or None."""
    stem = Path(name).stem
    return next((prefix for prefix in CAPTIONS if stem.startswith(prefix)), None)


def _figure(path: Path, solo: bool = False) -> dict[str, str]:
    data = base64.b64encode(path.read_bytes()).decode("ascii")
    prefix = _plot_prefix(path.name)
    if prefix is None:
        caption = path.stem.replace("_", " ")
    elif solo and prefix in SOLO_CAPTIONS:
        caption = SOLO_CAPTIONS[prefix]
    else:
        caption = CAPTIONS[prefix][1]
    return {"name": path.name, "src": f"data:image/png;base64,{data}", "caption": caption}


def _plot_table(name: str) -> str | None:
    prefix = _plot_prefix(name)
    return CAPTIONS[prefix][0] if prefix is not None else None


def _headline(s: dict[str, Any]) -> str:
    counts = ", ".join(str(n) for n in s.get("players") or [])
    variants = s.get("variants") or []
    what = (f"{len(variants)} variants × " if len(variants) > 1 else "")
    per = s.get("games_per_variant") or s.get("games")
    return (f"{what}{per:,} games each, {counts} player(s), seed {s.get('seed')}; "
            f"strategies {', '.join(s.get('strategies') or [])}; rules version "
            f"{s.get('rules_version')}, simcli {s.get('simcli_version')}.")


def sections(summary: dict[str, Any], plot_dir: Path) -> list[dict[str, Any]]:
    """The page's sections in order, each with its blocks (table + figures)."""
    s = summary
    plots = [plot_dir / p for p in s.get("plots", []) if (plot_dir / p).is_file()]
    by_table: dict[str, list[Path]] = {}
    loose = []
    for p in plots:
        tid = _plot_table(p.name)
        (by_table.setdefault(tid, []) if tid else loose).append(p)
    out: list[dict[str, Any]] = [{"id": "findings", "title": "Findings", "blocks": []}]
    sweep_ids = list(report.tables(s, "sweep_tables"))
    game_ids = list(report.tables(s, "game_tables"))
    placed: set[str] = set()
    standard = report.standard_sections(s)
    titles = {tid: (title, rows) for tid, title, rows in standard}
    solo = bool(s.get("solo"))

    def block(tid: str, title: str | None = None) -> dict[str, Any]:
        t, rows = titles[tid]
        placed.add(tid)
        figs = [_figure(p, solo) for p in by_table.get(tid, [])]
        drop = _constant(rows)
        return {"title": title if title is not None else t,
                "table": table_html(rows, drop), "rows": len(rows), "figures": figs,
                "stack": table_width(rows, drop) > 620 or tid in sweep_ids}

    if sweep_ids:
        out.append({"id": "verdict", "title": "Sweep verdict: ranking and paired differences",
                    "note": NOTES["ranking"], "blocks": [block(t) for t in sweep_ids]})
    if solo and "solo_against_ed_by_difficulty" in titles:
        out.append({"id": "solo", "title": "Solo against the automaton",
                    "blocks": [block("solo_against_ed_by_difficulty", "")]})
    if not solo:
        out.append({"id": "seats", "title": "Seats", "note": NOTES["fairness"],
                    "blocks": [block("seats"), block("fairness")]})
    out.append({"id": "strategies", "title": "Strategies", "note": NOTES["strategy_table"],
                "blocks": [block("strategy_table", "")]})
    out.append({"id": "game", "title": "Game length, end conditions and scores",
                "blocks": [block("end_reasons"), block("length"), block("score_quantiles")]})
    rest = [t for t in game_ids if t not in placed]
    if solo and "seats" not in placed:
        rest.append("seats")
    if rest:
        out.append({"id": "details", "title": f"{s['title']}: game-specific tables",
                    "blocks": [block(t) for t in rest]})
    others = loose + [p for tid, ps in by_table.items() if tid not in placed for p in ps]
    if others:
        out.append({"id": "plots", "title": "Other plots", "blocks": [
            {"title": "", "table": "", "rows": 0, "figures": [_figure(p, solo)
                                                              for p in others]}]})
    out.append({"id": "run", "title": "Run parameters", "blocks": []})
    return out


def confirm_findings(folder: Path) -> list[str]:
    """The findings of ``--confirm`` in ``folder`` (its confirm.json), or none. The file is
    simcli's: a rerun of the folder without ``--confirm`` removes it, so one found here
    belongs to the run whose summary is rendered."""
    try:
        data = json.loads((folder / "confirm.json").read_text(encoding="utf-8"))
        return [str(f) for f in data.get("findings", [])]
    except (OSError, ValueError, AttributeError):
        return []


def render(summary: dict[str, Any], plot_dir: Path) -> str:
    """The page as a string (with the verdicts under search play where ``--confirm`` ran
    on this folder)."""
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
        ("variants", ", ".join(v["name"] + (" (printed)" if v.get("printed") else "")
                               for v in s.get("variants", []))),
        ("data", f"{s['data_file'] or 'shipped data.toml'} (hash {s['data_hash']})"),
        ("stopping rule", s.get("stopping") or "fixed number of games"),
    ]
    env = jinja2.Environment(autoescape=True, trim_blocks=True, lstrip_blocks=True)
    template = env.from_string(TEMPLATE)
    kind = ("solo" if s.get("solo") else
            "sweep" if len(s.get("variants") or []) > 1 else "balance")
    secs = sections(s, plot_dir)
    for sec in secs:
        for b in sec.get("blocks", []):
            b["table"] = markupsafe.Markup(b["table"])
    return template.render(
        s=s, style=markupsafe.Markup(STYLE), kind=kind, headline=_headline(s),
        findings=s.get("findings") or [], sections=secs, fold=FOLD_ROWS,
        confirm=confirm_findings(plot_dir.parent),
        run_table=markupsafe.Markup(
            table_html([{"parameter": k, "value": str(v)} for k, v in params])))


def write(summary: dict[str, Any], folder: Path) -> Path:
    path = folder / "report.html"
    from simcli.fsio import atomic_write_text

    atomic_write_text(path, render(summary, folder / "plots"))
    return path
