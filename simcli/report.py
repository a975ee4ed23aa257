"""summary.json / summary.md / report.html / plots from a results folder.

A results folder holds ``results.parquet`` and ``run.json`` (the run's parameters, written
when the run starts). Everything else is rebuilt from those two by :func:`build`, which is
what ``simcli report DIR`` calls.
"""
from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import polars as pl

from simcli import __version__, tables
from simcli.games import get_game

RUN_FILE = "run.json"


class ReportError(ValueError):
    """A folder that cannot be summarised (one line for the user)."""


def write_run_file(folder: Path, meta: dict[str, Any]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / RUN_FILE).write_text(json.dumps(meta, indent=2, default=str) + "\n")


def read_run_file(folder: Path) -> dict[str, Any]:
    path = folder / RUN_FILE
    if not path.is_file():
        raise ReportError(f"{folder} has no {RUN_FILE}: not a simcli results folder")
    return json.loads(path.read_text())


def scan_results(folder: Path) -> pl.LazyFrame:
    """results.parquet as a LazyFrame: the standard tables stream over it."""
    path = folder / "results.parquet"
    if not path.is_file():
        raise ReportError(f"{folder} has no results.parquet (no game finished?)")
    return pl.scan_parquet(path)


def _frame(df: pl.DataFrame | pl.LazyFrame) -> pl.DataFrame:
    """The whole results as a DataFrame: what a game's own tables and plots take."""
    return df if isinstance(df, pl.DataFrame) else df.collect()


def _clean(value: Any) -> Any:
    """JSON-safe, and stable: floats to 12 significant digits, since parallel streaming
    sums may differ in the last bit from one summary to the next."""
    if isinstance(value, float):
        if math.isnan(value) or math.isinf(value):
            return None
        return float(f"{value:.12g}")
    return value


def records(df: pl.DataFrame) -> list[dict[str, Any]]:
    return [{k: _clean(v) for k, v in row.items()} for row in df.to_dicts()]


def _fmt(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        if math.isnan(value):
            return ""
        if abs(value) >= 1000 or value == int(value) and abs(value) >= 2:
            return f"{value:.0f}"
        if abs(value) < 0.001 and value != 0:
            return f"{value:.1e}"
        return f"{value:.3f}"
    return str(value)


def md_table(df: pl.DataFrame, drop: tuple[str, ...] = ()) -> str:
    """A polars frame as a GitHub markdown table."""
    cols = [c for c in df.columns if c not in drop]
    lines = ["| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
    for row in df.select(cols).iter_rows():
        lines.append("| " + " | ".join(_fmt(v) for v in row) + " |")
    return "\n".join(lines)


def _single(df: pl.DataFrame) -> tuple[str, ...]:
    """Columns that are constant across a table (variant / n_players of a plain run)."""
    return tuple(c for c in ("variant", "n_players") if c in df.columns and df[c].n_unique() <= 1)


def _has_own_analysis(game) -> bool:
    """Whether a game overrides BaseGame's empty tables/plots hooks."""
    from simcli.games.base import BaseGame

    kind = type(game)
    return (getattr(kind, "tables", BaseGame.tables) is not BaseGame.tables
            or getattr(kind, "plots", BaseGame.plots) is not BaseGame.plots)


def summarize(folder: Path, meta: dict[str, Any], df: pl.DataFrame | pl.LazyFrame,
              errors: int = 0, interrupted: bool = False,
              game_df: pl.DataFrame | pl.LazyFrame | None = None) -> dict[str, Any]:
    """Every table of summary.json. The standard tables stream over ``df``; the game's
    own tables get the whole results (``game_df``, loaded here if not given)."""
    game = get_game(meta["game"])
    lf = df.lazy()
    seats = tables.seat_table(lf)
    strats = tables.strategy_table(lf)
    fairness = tables.fairness_table(lf)
    game_tables = {}
    try:
        if game_df is None and _has_own_analysis(game):
            game_df = lf if getattr(game, "analysis_streams", False) else _frame(df)
        game_tables = {} if game_df is None else {
            title: records(t) for title, t in game.tables(game_df).items()}
    except Exception as exc:  # noqa: BLE001 - an analysis bug must not lose the run
        game_tables = {"analysis error": [{"error": f"{type(exc).__name__}: {exc}"}]}
    n_games = tables.game_count(lf)
    sweep_tables = {}
    if meta.get("sweep"):
        from simcli.sweep import sweep_tables as make_sweep_tables

        narrow = lf.select("variant", "n_players", "game_index", "seat", "win_share", "score",
                           "place")
        sweep_tables = {title: records(t) for title, t in
                        make_sweep_tables(narrow.collect(), meta.get("variants", [])).items()}
    per_config = tables.length_table(lf).select(*tables.GROUP, pl.col("games").alias("n"))
    return {
        "simcli_version": __version__,
        "game": meta["game"],
        "title": game.title,
        "rules_version": meta.get("rules_version", game.RULES_VERSION),
        "players": meta.get("players"),
        "games": n_games,
        "games_per_variant": int(per_config["n"].min()) if per_config.height else 0,
        "games_requested": meta.get("games"),
        "seed": meta.get("seed"),
        "strategies": meta.get("strategies"),
        "rules_overrides": meta.get("overrides", {}),
        "variants": meta.get("variants", [{"name": "default", "rules": {}}]),
        "data_file": meta.get("data_file"),
        "data_hash": meta.get("data_hash"),
        "reproduce": meta.get("command"),
        "errors": errors,
        "interrupted": interrupted,
        "seats": records(seats),
        "strategy_table": records(strats),
        "fairness": records(fairness),
        "end_reasons": records(tables.end_reason_table(df)),
        "length": records(tables.length_table(df)),
        "score_quantiles": records(tables.score_quantiles(df)),
        "sweep_tables": sweep_tables,
        "game_tables": game_tables,
        "stopping": meta.get("stopping"),
        "build": meta.get("build"),
    }


def build_line(build: dict | None) -> str:
    """Which build played (simcli/build.py): compiled, pure or mixed, and the interpreter."""
    if not build:
        return "not recorded"
    text = build.get("build", "?")
    if build.get("pure_modules"):
        text += " (pure: " + ", ".join(build["pure_modules"]) + ")"
    if build.get("stale"):
        text += "; stale compiled modules ignored, rebuild with " + build.get("rebuild", "")
    return f"{text}; {build.get('python', '')}"


def markdown(summary: dict[str, Any]) -> str:
    """summary.md: the same tables as summary.json, for people."""
    def frame(rows: list[dict]) -> pl.DataFrame:
        return pl.DataFrame(rows, infer_schema_length=None) if rows else pl.DataFrame()

    seats = frame(summary["seats"])
    out = [
        f"# {summary['title']} — balance summary",
        "",
        f"- games: {summary['games']} (seed {summary['seed']}, players {summary['players']})",
        f"- strategies: {', '.join(summary['strategies'] or [])} (rotated through the seats)",
        f"- rules version: {summary['rules_version']}; simcli {summary['simcli_version']}",
        f"- build: {build_line(summary.get('build'))}",
        f"- rules overrides: {json.dumps(summary['rules_overrides']) or '{}'}",
        f"- data: {summary['data_file'] or 'shipped data.toml'} (hash {summary['data_hash']})",
        f"- reproduce: `{summary['reproduce']}`",
    ]
    if summary.get("errors"):
        out.append(f"- **{summary['errors']} game(s) raised**: see errors.jsonl")
    if summary.get("interrupted"):
        out.append("- **interrupted**: the tables cover the games finished before the stop")
    if summary.get("stopping"):
        out.append(f"- stopping rule: {summary['stopping']}")
    sections = [(title, frame(rows)) for title, rows in summary.get("sweep_tables", {}).items()]
    sections += [
        ("Seat win share (95% Wilson interval)", seats),
        ("Fairness: first-player advantage and chi-square over seats",
         frame(summary["fairness"])),
        ("Strategy win share (seats rotated)", frame(summary["strategy_table"])),
        ("End conditions", frame(summary["end_reasons"])),
        ("Game length", frame(summary["length"])),
        ("Score distribution per seat", frame(summary["score_quantiles"])),
    ]
    sections += [(title, frame(rows)) for title, rows in summary["game_tables"].items()]
    for title, df in sections:
        if df.is_empty():
            continue
        out += ["", f"## {title}", "", md_table(df, drop=_single(df))]
    fair = summary["fairness"]
    if fair:
        out += ["", "## Reading the fairness table", ""]
        for row in fair:
            need = row.get("fpa_games_needed")
            verdict = ("significant at 5%" if row["fpa_p_value"] < 0.05 else
                       "not significant at 5%")
            line = (f"- {row['variant']}, {row['n_players']}p: first-player advantage "
                    f"{row['first_player_advantage']:+.3f} "
                    f"[{row['fpa_ci_low']:+.3f}, {row['fpa_ci_high']:+.3f}], {verdict}")
            if need and row["fpa_p_value"] >= 0.05:
                line += f"; about {need} games would detect an advantage this size"
            out.append(line + ".")
    out += ["", "Plots: " + ", ".join(f"`plots/{p}`" for p in summary.get("plots", []))]
    return "\n".join(out) + "\n"


def build(folder: Path, errors: int | None = None, interrupted: bool = False) -> dict[str, Any]:
    """(Re)write summary.json, summary.md and plots/ for a results folder."""
    from simcli import plots  # matplotlib: only when drawing
    from simcli.runner import count_errors

    folder = Path(folder)
    meta = read_run_file(folder)
    lf = scan_results(folder)
    if tables.game_count(lf) == 0:
        raise ReportError(f"{folder}/results.parquet has no rows")
    if errors is None:
        errors = count_errors(folder)
    game = get_game(meta["game"])
    # a game whose analysis streams (``analysis_streams``) gets the LazyFrame: memory
    # stays flat in games; the others get the whole results frame
    game_df = None
    if _has_own_analysis(game):
        game_df = lf if getattr(game, "analysis_streams", False) else lf.collect()
    summary = summarize(folder, meta, lf, errors, interrupted, game_df)
    plot_dir = folder / "plots"
    plot_dir.mkdir(parents=True, exist_ok=True)
    paths: list[Path] = []
    if game_df is not None:
        try:
            paths += game.plots(game_df, plot_dir)
        except Exception as exc:  # noqa: BLE001 - an analysis bug must not lose the run
            summary["game_tables"]["plot error"] = [{"error": f"{type(exc).__name__}: {exc}"}]
        del game_df
    turn_counts = tables.turn_counts(lf)
    paths = plots.standard_plots(summary, turn_counts, plot_dir, game.title,
                                 getattr(game, "turn_unit", "turns")) + paths
    if meta.get("sweep"):
        from simcli.sweep import heatmap

        paths += heatmap(lf, meta.get("variants", []), plot_dir)
    summary["plots"] = [p.name for p in paths]
    (folder / "summary.json").write_text(json.dumps(summary, indent=2) + "\n")
    (folder / "summary.md").write_text(markdown(summary))
    from simcli import html

    html.write(summary, folder)
    return summary
