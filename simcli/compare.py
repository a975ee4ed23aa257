"""``compare`` two result folders (and parse a scenario's [check] bounds for :mod:`simcli.gate`)."""
from __future__ import annotations

import json
import textwrap
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import polars as pl
from scipy import stats as sps

from simcli import compare_stats as cstats
from simcli import stats, tables
from simcli.scenario import ScenarioError

SIGNIFICANCE = 0.05

@dataclass
class Side:
    """One side of a comparison: its summary and (when at hand) its results."""

    label: str
    summary: dict[str, Any]
    results: pl.DataFrame | None = None


def load_side(path: str | Path) -> Side:
    p = Path(path)
    if p.is_dir():
        summary_path, folder = p / "summary.json", p
    elif p.is_file():
        summary_path, folder = p, p.parent
    else:
        raise ScenarioError(f"{path} does not exist")
    if not summary_path.is_file():
        raise ScenarioError(f"{path}: no summary.json (run `simcli report` on it first?)")
    try:
        summary = json.loads(summary_path.read_text(encoding="utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ScenarioError(f"{summary_path} is not valid JSON: {exc}") from None
    check_summary(summary_path, summary)
    results = None
    if (folder / "results.parquet").is_file():
        from simcli.report import ReportError, check_results_file

        try:
            check_results_file(folder / "results.parquet")
            results = pl.read_parquet(folder / "results.parquet")
        except ReportError as exc:
            raise ScenarioError(str(exc)) from None
        except (pl.exceptions.PolarsError, OSError) as exc:
            raise ScenarioError(f"{folder / 'results.parquet'} cannot be read: "
                                f"{str(exc).strip().splitlines()[0] if str(exc) else exc}"
                                ) from None
    return Side(str(path), summary, results)


#: what compare and check read of a summary: table -> keys of each row
SUMMARY_ROWS = {
    "seats": ("variant", "n_players", "seat", "wins", "games", "win_share", "ci_low",
              "ci_high", "mean_score"),
    "strategy_table": ("variant", "n_players", "strategy", "wins", "games", "win_share"),
}


def check_summary(path: Path, summary: Any) -> None:
    """A summary.json compare and check can read (ScenarioError naming the file if not)."""
    if not isinstance(summary, dict):
        raise ScenarioError(f"{path} is not a simcli summary (not a JSON object)")
    for key in ("game", "rules_version", "seats", "strategy_table"):
        if key not in summary:
            raise ScenarioError(f"{path} is not a simcli summary (no {key!r})")
    for key in ("game", "rules_version"):
        if not isinstance(summary[key], str):
            raise ScenarioError(f"{path}: {key!r} must be a string")
    for table, keys in SUMMARY_ROWS.items():
        rows = summary[table]
        if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
            raise ScenarioError(f"{path}: {table!r} must be a list of rows")
        for i, row in enumerate(rows):
            missing = [k for k in keys if k not in row]
            if missing:
                raise ScenarioError(f"{path}: {table}[{i}] has no {missing[0]!r}")
            for k in ("wins", "games", "win_share", "n_players"):
                if k in row and (isinstance(row[k], bool)
                                 or not isinstance(row[k], int | float)):
                    raise ScenarioError(f"{path}: {table}[{i}].{k} is not a number")


def _players(summary: dict) -> list[int]:
    return sorted({int(r["n_players"]) for r in summary["seats"]})


def refuse_mismatch(base: dict, new: dict, *, strategies: bool = True,
                    rules_version: bool = True) -> None:
    """Refuse (ScenarioError, exit 2) to compare different games, player counts, rules
    versions or strategies, naming the difference."""
    checks = [("game", base["game"], new["game"]),
              ("player counts", _players(base), _players(new))]
    if rules_version:
        checks.append(("rules version", base["rules_version"], new["rules_version"]))
    if strategies:
        checks.append(("strategies", sorted(base.get("strategies") or []),
                       sorted(new.get("strategies") or [])))
    for what, a, b in checks:
        if a != b:
            raise ScenarioError(f"refusing to compare different {what}: baseline {a!r}, "
                                f"new {b!r}")


#: the tables of a comparison, in print order
TABLES = ("seat win share", "strategy win share", "score per seat",
          "game metrics (once per game)", "game outcomes (share of games)")
SHOW_ROWS = 12


@dataclass
class Comparison:
    seats: pl.DataFrame
    strategies: pl.DataFrame
    scores: pl.DataFrame
    metrics: pl.DataFrame = field(default_factory=pl.DataFrame)
    rows: list[dict] = field(default_factory=list)
    differences: dict[str, Any] = field(default_factory=dict)
    pairing: dict[str, Any] = field(default_factory=dict)
    tolerance: float = 0.02
    verdict: str = ""
    fixed: list[dict] = field(default_factory=list)


def _frame(rows: list[dict], tables_: tuple[str, ...]) -> pl.DataFrame:
    picked = [r for r in rows if r["table"] in tables_]
    return pl.DataFrame(picked, infer_schema_length=None) if picked else pl.DataFrame()


def compare(base: Side, new: Side, tolerance: float = 0.02) -> Comparison:
    """Every difference between two runs of one game, tested per game and corrected.

    With both results files at hand, each metric is tested on its unit (a game-level
    metric once per game, a seat metric once per seat row), paired on the game index when
    both runs played the same game seeds; without them, seat and strategy win shares and
    scores are tested from the summaries. The family is Holm-corrected
    (see :mod:`simcli.compare_stats`).
    """
    from simcli.compare_header import differences

    refuse_mismatch(base.summary, new.summary, strategies=False, rules_version=False)
    if tolerance < 0:
        raise ScenarioError(f"--tolerance must be >= 0, not {tolerance}")
    pairs: dict[tuple, dict] = {}
    if base.results is not None and new.results is not None:
        for (variant, n_players), b in base.results.group_by(tables.GROUP,
                                                             maintain_order=True):
            n = new.results.filter((pl.col("variant") == variant)
                                   & (pl.col("n_players") == n_players))
            pairs[(variant, n_players)] = cstats.pairing(b, n)
        rows, cols = cstats.family(base.results, new.results, pairs)
        fixed = cols.fixed
    else:
        rows, fixed = cstats.summary_rows(base.summary, new.summary), []
    cstats.holm(rows)
    paired = bool(pairs) and all(p["paired"] for p in pairs.values())
    pairing = {"paired": paired, "from_results": bool(pairs),
               "groups": [{"variant": k[0], "n_players": k[1], **v} for k, v in pairs.items()]}
    comp = Comparison(_frame(rows, ("seat win share",)), _frame(rows, ("strategy win share",)),
                      _frame(rows, ("score per seat",)),
                      _frame(rows, tuple(t for t in {r["table"] for r in rows}
                                         if t not in TABLES[:3])),
                      rows, differences(base.summary, new.summary), pairing, tolerance,
                      fixed=fixed)
    comp.verdict = verdict(comp)
    return comp


def _fmt_num(value: float, signed: bool = False) -> str:
    size = abs(value)
    digits = 0 if size >= 1000 else 1 if size >= 100 else 2 if size >= 10 else 3
    return f"{value:+.{digits}f}" if signed else f"{value:.{digits}f}"


def _fmt_fixed(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else _fmt_num(value)


def _fmt_p(p: float) -> str:
    return "<0.001" if p < 0.001 else f"{p:.3f}"


def _name(row: dict) -> str:
    """A row in words: "seat 1 win share", "mean love_Rin", "strategy arcade win share"."""
    table = row["table"]
    if table == "seat win share":
        return f"{row['label']} win share"
    if table == "strategy win share":
        return f"{row['label']}'s win share"
    if table == "score per seat":
        return f"{row['label']} mean score"
    if table.startswith("game outcomes"):
        joint = "where" if " has " in row["label"] else "with"
        return f"share of games {joint} {row['label']}"
    if table.startswith("win share by"):
        return f"win share of {row['label']}"
    return row["label"]


def _group_label(row: dict, many: bool) -> str:
    return f"{row['variant']}, {row['n_players']}p" if many else f"{row['n_players']}p"


def _table_lines(title: str, rows: list[dict]) -> list[str]:
    head = f"{'':<26}{'base':>8}{'new':>8}{'diff':>8}  {'95% interval':<18}{'p Holm':>7}"
    lines = [title, head, "-" * len(head)]
    shown = rows
    if len(rows) > SHOW_ROWS:
        keep = sorted(range(len(rows)), key=lambda i: rows[i]["p_value"])[:SHOW_ROWS]
        shown = [rows[i] for i in sorted(keep)]
    for r in shown:
        ci = f"[{_fmt_num(r['ci_low'], True)}, {_fmt_num(r['ci_high'], True)}]"
        mark = " *" if r["significant"] else ""
        lines.append(f"{r['label'][:25]:<26}{_fmt_num(r['base']):>8}{_fmt_num(r['new']):>8}"
                     f"{_fmt_num(r['diff'], True):>8}  {ci:<18}{_fmt_p(r['p_holm']):>7}{mark}")
    if len(rows) > len(shown):
        hidden = [r for r in rows if r not in shown]
        sig = sum(r["significant"] for r in hidden)
        lines.append(f"... {len(hidden)} more rows ({sig} significant), all in --json")
    return lines


def _simultaneous_reach(rows: list[dict], m: int) -> float:
    """The largest move of these rows that their intervals, widened to hold together
    for the whole family (Bonferroni), do not rule out."""
    if not rows:
        return 0.0
    scale = float(sps.norm.ppf(1 - SIGNIFICANCE / (2 * max(m, 1))) / stats.Z95)
    return max(abs(r["diff"]) + scale * max(r["diff"] - r["ci_low"], r["ci_high"] - r["diff"])
               for r in rows)


def verdict(comp: Comparison) -> str:
    """The comparison in one line of words."""
    from simcli.compare_stats import games_needed

    rows, tol, m = comp.rows, comp.tolerance, len(comp.rows)
    if not rows:
        return "nothing to compare: the runs share no seat, strategy or metric"
    shares = [r for r in rows if r["table"] in ("seat win share", "strategy win share")]
    moved = sorted((r for r in shares if r["significant"]), key=lambda r: r["p_value"])
    parts = []
    if moved:
        parts.append("; ".join(
            f"{_name(r)} moved {_fmt_num(r['diff'], True)} [{_fmt_num(r['ci_low'], True)}, "
            f"{_fmt_num(r['ci_high'], True)}] ({_fmt_num(r['base'])} -> "
            f"{_fmt_num(r['new'])}), significant after correction" for r in moved[:2])
            + (f" (and {len(moved) - 2} more)" if len(moved) > 2 else ""))
    else:
        reach = _simultaneous_reach(shares, m)
        if reach <= tol:
            parts.append(f"no seat or strategy moved beyond ±{tol:g} at 95% after correction")
        else:
            parts.append(f"no seat or strategy moved significantly after correction (moves "
                         f"up to ±{reach:.3f} not ruled out)")
    others = sorted((r for r in rows if r not in shares),
                    key=lambda r: (r["p_value"], -abs(r["diff"]) / (r["sd"] or 1.0)))
    sig = [r for r in others if r["significant"]]
    for r in sig[:3]:
        parts.append(f"{_name(r)} {_fmt_num(r['diff'], True)} ({_fmt_num(r['base'])} -> "
                     f"{_fmt_num(r['new'])}), significant")
    if len(sig) > 3:
        parts.append(f"{len(sig) - 3} more metrics significant")
    rest = [r for r in others if not r["significant"]] or [
        r for r in shares if not r["significant"]]
    if rest and len(sig) < 3:
        r = rest[0]
        need = games_needed(r, SIGNIFICANCE / m)
        parts.append(f"{_name(r)} {_fmt_num(r['diff'], True)}, not significant"
                     + (f" (about {need:,} games per run would detect it)" if need else ""))
    return "; ".join(parts)


def comparison_markdown(base: Side, new: Side, comp: Comparison) -> str:
    """The comparison as text that fits 80 columns (also readable as markdown)."""
    from simcli.compare_header import header_lines

    b, n = base.summary, new.summary
    m = len(comp.rows)
    lines = [f"simcli compare: {b['title']} ({b['game']}, rules {b['rules_version']})",
             f"base: {base.label} ({b['games']} games, seed {b['seed']})",
             f"new:  {new.label} ({n['games']} games, seed {n['seed']})",
             "what differs:", *header_lines(comp.differences)]
    pr = comp.pairing
    if not pr.get("from_results"):
        lines += ["pairing: none (a results.parquet is missing): win shares and scores",
                  "  from the summaries, unpaired; a strategy holding several seats of a",
                  "  game counts each seat (keep results.parquet for per-game, paired tests)"]
    elif pr["paired"]:
        games = sum(g["common_games"] for g in pr["groups"])
        lines.append(f"pairing: paired by game index ({games} games with the same game "
                     "seeds in both runs)")
    else:
        lines.append("pairing: none (the runs played different game seeds): independent "
                     "samples")
    lines.append(f"tests: {m}, Holm-corrected as one family at {SIGNIFICANCE:.0%}; "
                 "* = significant after it")
    if pr.get("from_results"):
        lines.append("unit: the game (game metrics once per game, seat metrics once per "
                     "seat row)")
    else:
        from simcli.compare_header import game_tables

        titles = sorted({t for _, t, _ in game_tables(b)} & {t for _, t, _ in game_tables(n)})
        if titles:
            lines += textwrap.wrap("game tables not tested without results.parquet (in "
                                   "--json): " + "; ".join(titles), 79,
                                   subsequent_indent="  ")
    lines.append("")
    if comp.fixed:
        lines.append("the same in every game of each run (set by the rules, not tested):")
        for r in comp.fixed[:SHOW_ROWS]:
            lines.append(f"  {r['label'][:40]}: {_fmt_fixed(r['base'])} -> "
                         f"{_fmt_fixed(r['new'])}")
        if len(comp.fixed) > SHOW_ROWS:
            lines.append(f"  ... {len(comp.fixed) - SHOW_ROWS} more, all in --json")
        lines.append("")
    groups = {(r["variant"], r["n_players"]) for r in comp.rows}
    many = len(groups) > 1
    order = list(TABLES) + sorted({r["table"] for r in comp.rows} - set(TABLES),
                                  key=lambda t: (t.startswith("seat metrics"), t))
    for table in order:
        for group in sorted(groups):
            rows = [r for r in comp.rows if r["table"] == table
                    and (r["variant"], r["n_players"]) == group]
            if rows:
                title = f"{table} ({_group_label(rows[0], many)})"
                lines += _table_lines(title, rows) + [""]
    lines.append(f"verdict: {comp.verdict}")
    return "\n".join(lines)


def comparison_json(base: Side, new: Side, comp: Comparison) -> dict[str, Any]:
    """The comparison for CI and notebooks: header, pairing, every test, verdict."""
    from simcli.compare_header import game_tables

    def tables_of(summary: dict) -> dict:
        return {ident: {"title": title, "rows": rows}
                for ident, title, rows in game_tables(summary)}

    return {"game": base.summary["game"], "base": base.label, "new": new.label,
            "base_games": base.summary["games"], "new_games": new.summary["games"],
            "differences": comp.differences, "pairing": comp.pairing,
            "correction": "holm", "alpha": SIGNIFICANCE, "tests": len(comp.rows),
            "tolerance": comp.tolerance, "rows": comp.rows, "fixed": comp.fixed,
            "verdict": comp.verdict,
            "game_tables": {"base": tables_of(base.summary), "new": tables_of(new.summary)}}


# ------------------------------------------------------------------------------ check
BOUND_KEYS = ("seat_share", "strategy_share", "first_player_advantage")


def parse_bounds(check: dict[str, Any], where: str) -> list[tuple[str, str, float, float]]:
    """[check] table -> list of (kind, subject, low, high)."""
    unknown = sorted(set(check) - set(BOUND_KEYS))
    if unknown:
        raise ScenarioError(f"{where}: check.{unknown[0]}: unknown bound; valid: "
                            + ", ".join(BOUND_KEYS))
    out = []

    def pair(key: str, value: Any) -> tuple[float, float]:
        ok = (isinstance(value, list) and len(value) == 2
              and all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)
              and value[0] <= value[1])
        if not ok:
            raise ScenarioError(f"{where}: check.{key} must be [low, high] with low <= high, "
                                f"got {value!r}")
        return float(value[0]), float(value[1])

    for kind in ("seat_share", "strategy_share"):
        table = check.get(kind, {})
        if not isinstance(table, dict):
            raise ScenarioError(f"{where}: check.{kind} must be a table like "
                                '{ "1" = [0.22, 0.28] }')
        for subject, value in table.items():
            if kind == "seat_share" and not str(subject).isdigit():
                raise ScenarioError(f"{where}: check.seat_share.{subject}: seats are numbers")
            lo, hi = pair(f"{kind}.{subject}", value)
            out.append((kind, str(subject), lo, hi))
    if "first_player_advantage" in check:
        lo, hi = pair("first_player_advantage", check["first_player_advantage"])
        out.append(("first_player_advantage", "seat 1", lo, hi))
    if not out:
        raise ScenarioError(f"{where}: [check] declares no bounds; valid: "
                            + ", ".join(BOUND_KEYS))
    return out
