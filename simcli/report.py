"""summary.json / summary.md / report.html / plots from a results folder.

A results folder holds ``results.parquet`` and ``run.json`` (the run's parameters, written
when the run starts). Everything else is rebuilt from those two by :func:`build`, which is
what ``simcli report DIR`` calls.
"""
from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Any

import polars as pl

from simcli import __version__, fsio, outdir
from simcli import tables as agg
from simcli.games import get_game

RUN_FILE = "run.json"
SCHEMA_VERSION = 2
"""summary.json layout: 2 = tables keyed by snake_case ids ({"title", "rows"}), findings."""

# schema-1 summaries keyed sweep tables by title; these are their ids
_LEGACY_IDS = (("Variants ranked", "ranking"), ("Paired difference", "paired_vs_baseline"))


class ReportError(ValueError):
    """A folder that cannot be summarised (one line for the user)."""


def write_run_file(folder: Path, meta: dict[str, Any]) -> None:
    """run.json: the run's parameters, stamped as simcli's marker with the files simcli
    wrote into the folder (kept from the marker already there)."""
    folder.mkdir(parents=True, exist_ok=True)
    files = outdir.owned_files(folder) if (folder / RUN_FILE).is_file() else None
    fsio.atomic_write_text(folder / RUN_FILE, json.dumps(outdir.marker(meta, files), indent=2,
                                                         default=str) + "\n")


#: keys every run.json has, and their types
RUN_KEYS = {"game": str, "players": list, "games": int, "seed": int, "strategies": list}


def read_run_file(folder: Path) -> dict[str, Any]:
    path = folder / RUN_FILE
    if not path.is_file():
        raise ReportError(f"{folder} has no {RUN_FILE}: not a simcli results folder")
    try:
        meta = json.loads(path.read_text(encoding="utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ReportError(f"{path} is not valid JSON ({exc})") from None
    if not isinstance(meta, dict):
        raise ReportError(f"{path} is not a simcli run file (not a JSON object)")
    for key, kind in RUN_KEYS.items():
        if not isinstance(meta.get(key), kind) or isinstance(meta.get(key), bool):
            raise ReportError(f"{path} is not a simcli run file ({key!r} missing or not "
                              f"{kind.__name__})")
    check_run_meta(folder, meta)
    return meta


def check_run_meta(folder: Path, meta: dict[str, Any]) -> None:
    """The parts of run.json a replay reads: variants, overrides, players, data file."""
    path = folder / RUN_FILE
    variants = meta.get("variants") or []
    ok = isinstance(variants, list) and all(
        isinstance(v, dict) and isinstance(v.get("name"), str)
        and isinstance(v.get("rules", {}), dict) for v in variants)
    if not ok:
        raise ReportError(f"{path}: 'variants' must be a list of {{name, rules}} tables")
    if not isinstance(meta.get("overrides", {}), dict):
        raise ReportError(f"{path}: 'overrides' must be a table")
    if not all(isinstance(n, int) and not isinstance(n, bool) for n in meta["players"]):
        raise ReportError(f"{path}: 'players' must be a list of integers")
    if not all(isinstance(s, str) for s in meta["strategies"]):
        raise ReportError(f"{path}: 'strategies' must be a list of strategy names")
    if meta.get("data_file") is not None and not isinstance(meta["data_file"], str):
        raise ReportError(f"{path}: 'data_file' must be a path")


#: a results.parquet up to this size (about 20,000 vghs games, 15 MB in memory) is read
#: once for the summaries: two dozen queries over a frame in memory cost a small run less
#: than as many scans of the file; a larger one is scanned, and memory stays flat
IN_MEMORY_BYTES = 1 << 20


def scan_results(folder: Path) -> pl.LazyFrame:
    """results.parquet as a LazyFrame: the standard tables stream over it (a small file
    is read into memory first, see IN_MEMORY_BYTES)."""
    path = folder / "results.parquet"
    if not path.is_file():
        raise ReportError(f"{folder} has no results.parquet (no game finished?)")
    check_results_file(path)
    if path.stat().st_size <= IN_MEMORY_BYTES:
        try:
            return pl.read_parquet(path).lazy()
        except pl.exceptions.PolarsError as exc:
            raise ReportError(f"{path} cannot be read: {_first_line(exc)}") from None
    return pl.scan_parquet(path)


def _first_line(exc: BaseException) -> str:
    return str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__


def check_results_file(path: Path) -> None:
    """A results.parquet simcli can read: parquet, with the standard columns."""
    from simcli.worker import BASE_COLUMNS

    try:
        schema = pl.read_parquet_schema(path)
    except (pl.exceptions.PolarsError, OSError) as exc:
        raise ReportError(f"{path} is not a readable parquet file ({_first_line(exc)})"
                          ) from None
    missing = [c for c in BASE_COLUMNS if c not in schema]
    if missing:
        raise ReportError(f"{path} is not a simcli results file (no {missing[0]!r} column)")


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


def slug(title: str) -> str:
    """A stable snake_case id for a table title."""
    for prefix, ident in _LEGACY_IDS:
        if title.startswith(prefix):
            return ident
    return re.sub(r"[^a-z0-9]+", "_", title.lower()).strip("_") or "table"


def tables(summary: dict[str, Any], group: str) -> dict[str, dict[str, Any]]:
    """The one way to read a summary's ``game_tables`` or ``sweep_tables``:
    ``{id: {"title": ..., "rows": [...]}}`` in order, for this schema (ids) and the old one
    (titles mapping to rows)."""
    out: dict[str, dict[str, Any]] = {}
    for key, value in (summary.get(group) or {}).items():
        if isinstance(value, dict) and "rows" in value:
            out[key] = {"title": value.get("title", key), "rows": value["rows"] or []}
        else:
            out[slug(key)] = {"title": key, "rows": value or []}
    return out


def table_rows(summary: dict[str, Any], group: str, table_id: str) -> list[dict[str, Any]]:
    """The rows of one table by id ([] when absent)."""
    entry = tables(summary, group).get(table_id)
    return list(entry["rows"]) if entry else []


def _entries(items) -> dict[str, dict[str, Any]]:
    """``{id: (title, frame)}`` or ``{title: frame}`` -> ``{id: {"title", "rows"}}``."""
    out = {}
    for key, value in items:
        title, frame = value if isinstance(value, tuple) else (key, value)
        ident = key if isinstance(value, tuple) else slug(key)
        out[ident] = {"title": title, "rows": records(frame)}
    return out


COUNT_COLUMNS = ("wins", "games", "seats", "votes", "paid", "correct", "otm_games", "n",
                 "games_needed", "fpa_games_needed")


def is_count(column: str) -> bool:
    """A count column (wins may be fractional: shared wins): whole values print whole."""
    return column in COUNT_COLUMNS or column.endswith("_games")


def _fmt(value: Any, column: str = "") -> str:
    if value is None:
        return ""
    if isinstance(value, float) and is_count(column) and not math.isnan(value):
        return f"{value:.0f}" if value == int(value) else f"{value:.1f}"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float) and "p_value" in column and not math.isnan(value):
        return "<0.001" if value < 0.001 else f"{value:.3f}"
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
        lines.append("| " + " | ".join(_fmt(v, c) for v, c in zip(row, cols, strict=True))
                     + " |")
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
    seats = agg.seat_table(lf)
    strats = agg.strategy_table(lf)
    fairness = agg.fairness_table(lf)
    game_tables = {}
    try:
        if game_df is None and _has_own_analysis(game):
            game_df = lf if getattr(game, "analysis_streams", False) else _frame(df)
        game_tables = {} if game_df is None else _entries(game.tables(game_df).items())
    except Exception as exc:  # noqa: BLE001 - an analysis bug must not lose the run
        game_tables = {"analysis_error": {"title": "analysis error", "rows": [
            {"error": f"{type(exc).__name__}: {exc}"}]}}
    n_games = agg.game_count(lf)
    sweep_tables = {}
    if meta.get("sweep"):
        from simcli.sweep import sweep_tables as make_sweep_tables

        narrow = lf.select("variant", "n_players", "game_index", "seat", "win_share", "score",
                           "place")
        sweep_tables = _entries(make_sweep_tables(narrow.collect(),
                                                  meta.get("variants", [])).items())
    per_config = agg.length_table(lf).select(*agg.GROUP, pl.col("games").alias("n"))
    summary = {
        "schema_version": SCHEMA_VERSION,
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
        "variants": mark_printed(meta),
        "solo": bool(meta.get("players")) and all(int(n) == 1 for n in meta["players"]),
        "turn_unit": getattr(game, "turn_unit", "turns"),
        "data_file": meta.get("data_file"),
        "data_hash": meta.get("data_hash"),
        "reproduce": meta.get("command"),
        "errors": errors,
        "interrupted": interrupted,
        "seats": records(seats),
        "strategy_table": records(strats),
        "fairness": records(fairness),
        "end_reasons": records(agg.end_reason_table(df)),
        "length": length_rows(records(agg.length_table(df)), records(seats),
                              getattr(game, "turn_unit", "turns")),
        "score_quantiles": records(agg.score_quantiles(df)),
        "sweep_tables": sweep_tables,
        "game_tables": game_tables,
        "stopping": meta.get("stopping"),
        "build": meta.get("build"),
    }
    if meta.get("sweep"):
        from simcli.sweep import unread_rules_keys

        summary["unread_rules_keys"] = unread_rules_keys(
            meta["game"], list(meta.get("strategies") or []), meta.get("variants", []))
    from simcli.findings import findings

    summary["findings"] = findings(summary)
    return summary


LENGTH_UNITS = {"rounds": "a round: every seat (an automaton's too) takes one turn",
                "turns": "a turn: one seat's turn"}


def length_rows(rows: list[dict], seat_rows: list[dict], unit: str) -> list[dict]:
    """Game length in both units, the same across games: ``rounds`` (every seat takes one
    turn) and ``turns`` (one seat's turn). The game counts one of them (``counted``); the
    other is derived when it can be: rounds = turns / seats for games whose seats take
    turns in strict rotation (those that count turns); a game that counts rounds leaves
    turns empty (its seats may act several times a round)."""
    unit = "rounds" if unit in ("rounds", "weeks") else "turns"
    seats: dict[tuple, int] = {}
    for r in seat_rows:
        key = (r["variant"], r["n_players"])
        seats[key] = max(seats.get(key, 0), int(r["seat"]))
    out = []
    for r in rows:
        k = seats.get((r["variant"], r["n_players"]), r["n_players"]) or 1
        measured = {s: r[f"{s}_turns"] for s in ("mean", "median", "min", "max")}
        if unit == "rounds":
            rounds, turns = measured, {s: None for s in measured}
        else:
            turns, rounds = measured, {s: v / k for s, v in measured.items()}
        row = {"variant": r["variant"], "n_players": r["n_players"], "games": r["games"],
               "counted": unit, "seats": k}
        row.update({f"{s}_rounds": None if v is None else _clean(float(v))
                    for s, v in rounds.items()})
        row.update({f"{s}_turns": None if v is None else _clean(float(v))
                    for s, v in turns.items()})
        row["mean_decisions"] = r["mean_decisions"]
        out.append(row)
    return out


def mark_printed(meta: dict[str, Any]) -> list[dict[str, Any]]:
    """The run's variants, each with ``printed``: whether its rules leave the shipped (or
    designer's) data as it is."""
    from simcli.scenario import ScenarioError, apply_overrides, build_data

    variants = [dict(v) for v in meta.get("variants") or [{"name": "default", "rules": {}}]]
    try:
        base, _, _ = build_data(meta["game"], meta.get("data_file"), {})
    except (ScenarioError, OSError):
        return variants
    for v in variants:
        try:
            v["printed"] = apply_overrides(base, {**(meta.get("overrides") or {}),
                                                  **(v.get("rules") or {})}) == base
        except ScenarioError:
            v["printed"] = False
    return variants


def standard_sections(summary: dict[str, Any]) -> list[tuple[str, str, list[dict]]]:
    """(id, title, rows) of every table of a summary in reading order: sweep tables, the
    standard tables (no seat-fairness tables for a solo run), then the game's own."""
    solo = summary.get("solo")
    out = [(k, t["title"], t["rows"]) for k, t in tables(summary, "sweep_tables").items()]
    if not solo:
        out += [("seats", "Seat win share (95% Wilson interval)", summary["seats"]),
                ("fairness", "Fairness: first-player advantage and chi-square over seats",
                 summary["fairness"])]
    out += [
        ("strategy_table", "Strategy win share (seats rotated)", summary["strategy_table"]),
        ("end_reasons", "End conditions", summary["end_reasons"]),
        ("length", "Game length (a round: every seat takes one turn; a turn: one seat's "
         "turn)", summary["length"]),
        ("score_quantiles", "Score distribution per seat", summary["score_quantiles"]),
    ]
    if solo:
        out.append(("seats", "Player and automaton (seat 2 is the automaton)",
                    summary["seats"]))
    out += [(k, t["title"], t["rows"]) for k, t in tables(summary, "game_tables").items()]
    return out


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
    """summary.md: the findings, then the same tables as summary.json, for people."""
    def frame(rows: list[dict]) -> pl.DataFrame:
        return pl.DataFrame(rows, infer_schema_length=None) if rows else pl.DataFrame()

    out = [f"# {summary['title']} — balance summary", "", "## Findings", ""]
    out += [f"- {f['text']}" for f in summary.get("findings") or []]
    out += [
        "",
        "## Run",
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
    for _, title, rows in standard_sections(summary):
        df = frame(rows)
        if df.is_empty():
            continue
        out += ["", f"## {title}", "", md_table(df, drop=_single(df))]
    fair = summary["fairness"]
    if fair:
        out += ["", "## Reading the fairness table", ""]
        for row in fair:
            need = row.get("fpa_games_needed")
            # older summaries have no adjusted p: the seat's own p decides there
            p_adj = row.get("fpa_adjusted_p_value", row["fpa_p_value"])
            sure = p_adj < 0.05
            verdict = "significant at 5%" if sure else "not significant at 5%"
            if "fpa_adjusted_p_value" in row:
                verdict += (f" (p {_fmt(row['fpa_p_value'], 'p_value')} for seat 1 "
                            f"alone, {_fmt(p_adj, 'p_value')} adjusted over the "
                            f"{row['n_players']} seats, as the seat findings test it)")
            line = (f"- {row['variant']}, {row['n_players']}p: first-player advantage "
                    f"{row['first_player_advantage']:+.3f} "
                    f"[{row['fpa_ci_low']:+.3f}, {row['fpa_ci_high']:+.3f}], {verdict}")
            if need and not sure:
                line += f"; about {need} games would detect an advantage this size"
            out.append(line + ".")
    if summary.get("plots"):
        out += ["", "Plots: " + ", ".join(f"`plots/{p}`" for p in summary["plots"])]
    else:
        out += ["", "Plots: none drawn (`--no-plots`); `simcli report FOLDER` draws them."]
    return "\n".join(out) + "\n"


def _game_of(folder: Path, meta: dict[str, Any]):
    from simcli.games import UnknownGameError

    try:
        return get_game(meta["game"])
    except UnknownGameError as exc:
        raise ReportError(f"{folder / RUN_FILE}: {exc}") from None


#: what :func:`build` imports first when drawing (matplotlib alone is about 0.2 s)
_BUILD_MODULES = ("simcli.findings", "simcli.html", "simcli.plots",
                  "matplotlib.backends.backend_agg", "PIL.PngImagePlugin")
#: the thread :func:`import_ahead` started, until :func:`build` has waited for it
_ahead = None


def import_ahead(plots: bool = True) -> None:
    """Import what :func:`build` will need, in a background thread, while this process
    only waits for its workers' games: a 1000-game vghs run's report then starts with
    its modules loaded (its parent waited 0.9 s for the games, then imported for 0.25 s).
    Only the modules are loaded: nothing is read or written. :func:`build` waits for the
    thread before it imports anything, so no module is ever imported by two threads at
    once."""
    import threading

    global _ahead
    names = _BUILD_MODULES if plots else _BUILD_MODULES[:2]

    def load() -> None:
        import importlib

        for name in names:
            try:
                importlib.import_module(name)
            except Exception:  # noqa: BLE001 - build imports it again and says why
                return

    _ahead = threading.Thread(target=load, name="simcli-import-ahead", daemon=True)
    _ahead.start()


def build(folder: Path, errors: int | None = None, interrupted: bool = False,
          plots: bool = True) -> dict[str, Any]:
    """(Re)write summary.json, summary.md, report.html and plots/ for a results folder.

    ``plots=False`` (``--no-plots``) skips matplotlib and the figures, half the fixed cost
    of a small run: the summaries and report.html then have no plots, and the plots an
    earlier build of this folder drew are removed (they would show other results);
    ``simcli report FOLDER`` draws them later from the same files."""
    global _ahead
    if _ahead is not None:
        _ahead.join()
        _ahead = None
    from simcli.runner import count_errors

    folder = Path(folder)
    meta = read_run_file(folder)
    outdir.check_folder(folder, what="results folder")
    lf = scan_results(folder)
    game = _game_of(folder, meta)
    try:
        if agg.game_count(lf) == 0:
            raise ReportError(f"{folder}/results.parquet has no rows")
        if errors is None:
            errors = count_errors(folder)
        # a game whose analysis streams (``analysis_streams``) gets the LazyFrame: memory
        # stays flat in games; the others get the whole results frame
        game_df = None
        if _has_own_analysis(game):
            game_df = lf if getattr(game, "analysis_streams", False) else lf.collect()
        summary = summarize(folder, meta, lf, errors, interrupted, game_df)
    except pl.exceptions.PolarsError as exc:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise ReportError(f"{folder / 'results.parquet'} cannot be read: {first}") from None
    plot_dir = folder / "plots"
    if not plots:
        del game_df
        _drop_old_plots(folder)
        return _write_summaries(folder, summary, [], plot_dir)
    from simcli import plots as figures  # matplotlib: only when drawing

    plot_dir.mkdir(parents=True, exist_ok=True)
    paths: list[Path] = []
    if game_df is not None:
        try:
            paths += game.plots(game_df, plot_dir)
        except Exception as exc:  # noqa: BLE001 - an analysis bug must not lose the run
            summary["game_tables"]["plot_error"] = {"title": "plot error", "rows": [
                {"error": f"{type(exc).__name__}: {exc}"}]}
        del game_df
    turn_counts = agg.turn_counts(lf)
    paths = figures.standard_plots(summary, turn_counts, plot_dir, game.title,
                                   getattr(game, "turn_unit", "turns")) + paths
    if meta.get("sweep"):
        paths += figures.sweep_plots(summary, plot_dir)
    return _write_summaries(folder, summary, paths, plot_dir)


def _drop_old_plots(folder: Path) -> None:
    """Remove the plots simcli drew into this folder before (only files its marker lists)."""
    for name in outdir.owned_files(folder) or []:
        if name.startswith("plots/") and name.endswith(".png"):
            (folder / name).unlink(missing_ok=True)


def _write_summaries(folder: Path, summary: dict[str, Any], paths: list[Path],
                     plot_dir: Path) -> dict[str, Any]:
    summary["plots"] = [p.name for p in paths]
    from simcli.findings import findings

    summary["findings"] = findings(summary)
    outdir.note(folder, [f"plots/{p.name}" for p in paths if p.parent == plot_dir])
    fsio.atomic_write_text(folder / "summary.json", json.dumps(summary, indent=2) + "\n")
    fsio.atomic_write_text(folder / "summary.md", markdown(summary))
    from simcli import html

    html.write(summary, folder)  # after the summaries: a failure here loses neither
    return summary
