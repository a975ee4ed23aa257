"""What a run, sweep or report prints: the findings first, then tables that fit 80 columns.

Tables use short headers, ``<0.001`` for small p-values, yes/no for flags, and name the
variants of a sweep by a short key (V1, V2, ...) with a legend, so nothing is cut at 80
columns; ``wide=True`` prints every column and the full names.
"""
from __future__ import annotations

import textwrap
from typing import Any

from rich.console import Console
from rich.table import Table

from simcli import report

# long column -> short header (terminal only)
SHORT = {
    "n_players": "n", "max_seat_deviation": "max gap", "chi_p_value": "chi p",
    "first_player_advantage": "seat-1 adv", "separated_from_next": "sep. next",
    "games_needed": "games to sep.", "baseline_share": "base", "p_value": "p",
    "win_share": "share", "tied_with_best": "tied best", "variant": "var",
}


def fmt(value: Any, column: str = "") -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        if value != value:
            return ""
        if report.is_count(column):
            return f"{value:,.0f}" if value == int(value) else f"{value:,.1f}"
        if column.endswith("p_value") or column in ("p", "chi p"):
            return "<0.001" if value < 0.001 else f"{value:.3f}"
        if value == int(value) and abs(value) >= 2:
            return f"{value:,.0f}"
        return f"{value:.3f}"
    if isinstance(value, int):
        return f"{value:,}"
    return str(value)


def variant_keys(summary: dict) -> dict[str, str]:
    """Variant name -> short key (V1, V2, ...) in run order; empty for a plain run."""
    variants = summary.get("variants") or []
    if len(variants) <= 1:
        return {}
    return {v["name"]: f"V{i}" for i, v in enumerate(variants, start=1)}


def print_findings(summary: dict, console: Console) -> None:
    found = summary.get("findings") or []
    if not found:
        return
    console.print(f"[bold]{summary['title']}: findings[/bold]", highlight=False)
    width = max(40, min(console.width, 100) - 4)
    for f in found:
        lines = textwrap.wrap(f["text"], width=width)
        console.print("- " + "\n  ".join(lines), highlight=False, markup=False)
    console.print()


def print_legend(summary: dict, console: Console) -> None:
    keys = variant_keys(summary)
    if not keys:
        return
    printed = {v["name"] for v in summary.get("variants") or [] if v.get("printed")}
    console.print("variants:", highlight=False)
    for name, key in keys.items():
        mark = " (printed rules)" if name in printed else ""
        console.print(f"  {key}  {name}{mark}", highlight=False, markup=False)


def rows_table(title: str, rows: list[dict], summary: dict, *, wide: bool = False,
               drop: tuple[str, ...] = ()) -> Table:
    keys = variant_keys(summary)
    constant = tuple(c for c in ("n_players",) if len({r.get(c) for r in rows}) <= 1)
    cols = [c for c in dict.fromkeys(k for r in rows for k in r)
            if c not in drop and (wide or c not in constant)]
    if not wide:
        cols = [c for c in cols if c not in ("ci_low", "ci_high", "chi_square",
                                             "baseline_share")]
    table = Table(title=title, title_justify="left")
    for c in cols:
        table.add_column(c if wide else SHORT.get(c, c), justify="left" if c in (
            "variant", "strategy") else "right")
    for r in rows:
        cells = []
        for c in cols:
            v = r.get(c)
            if c == "variant" and not wide and keys:
                v = keys.get(v, v)
            cells.append(fmt(v, c))
        table.add_row(*cells)
    return table


def print_sweep(summary: dict, console: Console, wide: bool = False) -> None:
    """The findings, the variant legend, the ranking and (--wide) the paired table."""
    print_findings(summary, console)
    print_legend(summary, console)
    for ident, entry in report.tables(summary, "sweep_tables").items():
        if not entry["rows"] or (ident != "ranking" and not wide):
            continue
        console.print(rows_table(entry["title"], entry["rows"], summary, wide=wide))
    if not wide:
        console.print("(--wide: every column, the paired differences and full names)",
                      highlight=False)
