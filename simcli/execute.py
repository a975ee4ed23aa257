"""From what the user typed (options and/or a scenario) to a finished results folder.

``plan_run`` validates everything before a single game is played (every user error is a
one-line :class:`ScenarioError`); ``execute`` plays the games with a progress bar, writes
results.parquet and the summaries, and keeps whatever finished if interrupted.
"""
from __future__ import annotations

import random
import shlex
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from simcli import __version__, outdir, report, validate
from simcli.games import UnknownGameError, get_game
from simcli.runner import (
    RunConfig,
    check_jobs,
    check_scheduler,
    count_errors,
    merge_parts,
    plays_in_workers,
    run_chunks,
    toml_value,
)
from simcli.scenario import (
    Scenario,
    ScenarioError,
    apply_overrides,
    build_data,
    compile_check,
    game_has_schema,
    load_scenario,
)
from strategies import UnknownStrategyError, default_mix, resolve

if TYPE_CHECKING:
    from rich.console import Console

DEFAULT_GAMES = 1000
DEFAULT_SEED = 1


@dataclass
class RunPlan:
    game: str
    configs: list[RunConfig]
    folder: Path
    meta: dict[str, Any] = field(default_factory=dict)


def check_game(name: str | None, scenario: Scenario | None) -> str:
    if scenario and name and name != scenario.game:
        raise ScenarioError(f"the scenario is for {scenario.game!r}, not {name!r}")
    game = name or (scenario.game if scenario else None)
    if not game:
        raise ScenarioError("name a game (vghs, vgc, class89, lovebattle) or give --scenario")
    try:
        get_game(game)
    except UnknownGameError as exc:
        raise ScenarioError(str(exc)) from None
    return game


def refuse_sections(scenario: str | Path | None) -> None:
    """`run` plays one variant and judges nothing: a scenario with [[variant]], [grid] or
    [check] belongs to `sweep` or `check`, never silently half-used."""
    if not scenario:
        return
    scen = load_scenario(scenario)
    if scen.variants or scen.grid:
        raise ScenarioError(f"scenario {str(scenario)!r} has "
                            f"{'[[variant]]' if scen.variants else '[grid]'}: `run` plays one "
                            "variant; use `simcli sweep` (or drop the section)")
    if scen.check:
        raise ScenarioError(f"scenario {str(scenario)!r} has [check] bounds, which `run` does "
                            "not judge: use `simcli check`")


def check_strategies(game: str, specs: list[str]) -> tuple[str, ...]:
    specs = list(specs) or list(default_mix(game))
    for spec in specs:
        if not isinstance(spec, str):
            raise ScenarioError(f"strategies must be names like \"random\", not {spec!r:.40}")
        try:
            factory = resolve(game, spec)
        except UnknownStrategyError as exc:
            raise ScenarioError(str(exc)) from None
        try:  # build one bot now, so its parameter checks run before any folder is touched
            factory(get_game(game), 0, random.Random(0))
        except (UnknownStrategyError, TypeError, ValueError) as exc:
            raise ScenarioError(f"strategy {spec!r}: {exc}") from None
    return tuple(specs)


def plan_run(
    game: str | None,
    *,
    scenario: str | Path | None = None,
    players: int | None = None,
    games: int | None = None,
    seed: int | None = None,
    strategies: list[str] | None = None,
    overrides: dict[str, Any] | None = None,
    data_file: str | None = None,
    out: str | Path | None = None,
    command: str | None = None,
) -> RunPlan:
    """Validate a run (one variant, one player count) and return its plan."""
    scen = load_scenario(scenario) if scenario else None
    name = check_game(game, scen)
    g = get_game(name)
    if players is None:
        if scen and len(scen.players) > 1:
            raise ScenarioError(
                f"scenario lists players {scen.players}: `run` plays one count; pass "
                "--players or use `simcli sweep`")
        players = scen.players[0] if scen and scen.players else g.default_players
    if players not in g.players:
        counts = ", ".join(str(n) for n in g.players)
        raise ScenarioError(f"{name} takes {counts} players, not {players}")
    n_games = games if games is not None else (scen.games if scen and scen.games else
                                               DEFAULT_GAMES)
    if n_games < 1:
        raise ScenarioError(f"--games must be at least 1, not {n_games}")
    seed = seed if seed is not None else (scen.seed if scen and scen.seed is not None
                                          else DEFAULT_SEED)
    validate.seed(seed)
    validate.games(n_games)
    specs = check_strategies(name, list(strategies or []) or (scen.strategies if scen else []))
    merged = dict(scen.rules) if scen else {}
    merged.update(overrides or {})
    data_path = data_file or (scen.data if scen else None)
    data, data_path, digest = build_data(name, data_path, {})
    data = apply_overrides(data, merged, shape=not game_has_schema(name))
    compile_check(name, data, players)
    cfg = RunConfig(game=name, n_players=players, strategies=specs, n_games=n_games,
                    seed=seed, data=data, overrides=merged, data_file=data_path,
                    data_hash=digest)
    suffix = run_suffix(strategies=list(strategies or []) or (scen.strategies if scen
                                                              else []),
                        overrides=merged, data=digest if data_path else None,
                        games=n_games if n_games != DEFAULT_GAMES else None)
    folder = Path(out) if out else Path("reports") / f"{name}-{players}p-{seed}{suffix}"
    meta = {
        "simcli_version": __version__, "game": name, "rules_version": g.RULES_VERSION,
        "players": [players], "games": n_games, "seed": seed, "strategies": list(specs),
        "overrides": merged, "data_file": data_path, "data_hash": digest,
        "variants": [{"name": "default", "rules": {}}], "scenario": str(scenario or ""),
        "command": reproduce_command(cfg, scenario),
        "typed": command or "",
    }
    return RunPlan(game=name, configs=[cfg], folder=folder, meta=meta)


def reproduce_command(cfg: RunConfig, scenario: str | Path | None = None) -> str:
    parts = ["simcli", "run", cfg.game, "--players", str(cfg.n_players), "--games",
             str(cfg.n_games), "--seed", str(cfg.seed)]
    for spec in cfg.strategies:
        parts += ["--strategy", spec]
    if scenario:
        parts += ["--scenario", str(scenario)]
    if cfg.data_file:
        parts += ["--data", cfg.data_file]
    for key, value in sorted(cfg.overrides.items()):
        parts += ["--set", f"{key}={toml_value(value)}"]
    return shlex.join(parts)


RUN_KEYS = ("game", "players", "games", "seed", "strategies", "overrides", "data_hash",
            "variants")


def run_suffix(**parts: Any) -> str:
    """A short hash of what makes a run differ from the plain default run (explicit
    strategies, overrides, data, games): '' for the default run, else '-1a2b3c', so two
    different runs never share a default folder."""
    import hashlib
    import json

    given = {k: v for k, v in parts.items() if v not in (None, [], {}, (), "")}
    if not given:
        return ""
    text = json.dumps(given, sort_keys=True, default=str)
    return "-" + hashlib.sha256(text.encode()).hexdigest()[:6]


def check_overwrite(plan: RunPlan, *, force: bool = False, resume: bool = False) -> None:
    """Refuse (one line) to replace a folder that holds a different run's results,
    unless ``force``; the same run again (same seeds, so the same results) is fine."""
    folder = plan.folder
    outdir.check_folder(folder, resume=resume)  # a folder simcli may write into at all
    if force or resume or not (folder / "results.parquet").exists():
        return
    try:
        old = report.read_run_file(folder)
    except (report.ReportError, ValueError):
        old = {}
    diff = [k for k in RUN_KEYS if old.get(k) != plan.meta.get(k)]
    if diff:
        raise ScenarioError(
            f"{folder} already holds another run's results ({diff[0]} differs): pass "
            "--force to replace them, or --out DIR for a new folder")


def progress_bar():
    """The run's progress bar on stderr (rich, imported only for a run that shows one)."""
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        ProgressColumn,
        TextColumn,
        TimeRemainingColumn,
    )
    from rich.text import Text

    class RateColumn(ProgressColumn):
        """games/s since the start."""

        def render(self, task) -> Text:
            speed = task.completed / task.elapsed if task.elapsed else 0.0
            return Text(f"{speed:,.0f} games/s", style="progress.data.speed")

    columns = [TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
               RateColumn(), TimeRemainingColumn()]
    return Progress(*columns, console=Console(stderr=True), transient=False)


def prepare_folder(folder: Path, meta: dict[str, Any], resume: bool) -> None:
    """A fresh output folder, or (``resume``) the same run's folder kept as it is.

    Only a new, empty or simcli-marked folder is accepted (see :mod:`simcli.outdir`); a
    fresh run deletes only the files the previous run listed in its marker."""
    outdir.check_folder(folder, resume=resume)
    if resume and (folder / report.RUN_FILE).exists():
        old = report.read_run_file(folder)
        keys = ("game", "rules_version", "players", "seed", "strategies", "overrides",
                "data_hash", "variants")
        diff = [k for k in keys if old.get(k) != meta.get(k)]
        if diff:
            raise ScenarioError(
                f"--resume: {folder} holds a different run ({diff[0]} differs: "
                f"{str(old.get(diff[0]))[:40]!r} there, {str(meta.get(diff[0]))[:40]!r} now); "
                "use another --out or drop --resume")
        return
    if folder.is_dir():
        outdir.clear(folder)


@dataclass
class Outcome:
    folder: Path
    games: int
    errors: int
    seconds: float
    interrupted: bool
    summary: dict[str, Any] | None


def execute(plan: RunPlan, *, jobs: int = -1, backend: str = "loky",
            scheduler: str | None = None, quiet: bool = False, resume: bool = False,
            start: int = 0, summarize: bool = True, plots: bool = True) -> Outcome:
    """Play a planned run into its folder and write the summaries (unless ``summarize``
    is false: a caller that plays on summarizes once at the end), with the plots unless
    ``plots`` is false (``--no-plots``)."""
    folder = plan.folder
    check_jobs(jobs, backend)
    if start == 0:
        if backend == "dask" and scheduler:
            check_scheduler(scheduler)
        prepare_folder(folder, plan.meta, resume)
    from simcli.build import describe

    plan.meta["build"] = describe()  # which build plays: compiled, pure or mixed
    report.write_run_file(folder, plan.meta)
    total = sum(max(0, c.n_games - start) for c in plan.configs)
    t0 = time.perf_counter()
    if summarize and total and plays_in_workers(plan.configs, start=start, jobs=jobs,
                                                backend=backend):
        report.import_ahead(plots)   # this process only waits while the workers play
    if quiet or total == 0:
        done, errors, interrupted = run_chunks(plan.configs, folder, start=start, jobs=jobs,
                                               backend=backend, scheduler=scheduler)
    else:
        with progress_bar() as bar:
            task = bar.add_task(f"{plan.game}", total=total)
            done, errors, interrupted = run_chunks(
                plan.configs, folder, start=start, jobs=jobs, backend=backend,
                scheduler=scheduler, progress=lambda k: bar.advance(task, k))
    seconds = time.perf_counter() - t0
    merge_parts(folder, plan.configs)
    summary = None
    if summarize and folder_has_rows(folder):
        summary = report.build(folder, count_errors(folder), interrupted, plots=plots)
    return Outcome(folder, done, count_errors(folder), seconds, interrupted, summary)


def print_main_table(summary: dict[str, Any], console: Console | None = None, *,
                     wide: bool = False, findings: bool = True) -> None:
    """The findings, then the seat and strategy tables, on the terminal (rich). A sweep
    shows its detailed rows for the printed (or first) variant only, unless ``wide``."""
    from rich.console import Console
    from rich.table import Table

    from simcli import terminal

    console = console or Console()
    if findings:
        terminal.print_findings(summary, console)
    keys = terminal.variant_keys(summary)
    shown = None
    if keys and not wide:
        printed = [v["name"] for v in summary["variants"] if v.get("printed")]
        shown = printed[0] if printed else summary["variants"][0]["name"]
    seats = [r for r in summary["seats"] if shown is None or r["variant"] == shown]
    strats = [r for r in summary["strategy_table"] if shown is None or r["variant"] == shown]
    many = len({(r["variant"], r["n_players"]) for r in seats}) > 1
    several_variants = len({r["variant"] for r in seats}) > 1
    solo = summary.get("solo")
    which = f", {shown}" if shown else ""
    games = summary.get("games_per_variant") or summary["games"]
    title = (f"{summary['title']}: player against the automaton ({games} games)"
             if solo else f"{summary['title']}: seat win share ({games} games{which})")
    table = Table(title=title, title_justify="left")
    if many:
        if several_variants:
            table.add_column("var" if keys else "variant")
        table.add_column("n", justify="right")
    cols = ["seat", "wins", "share", "95% interval"] + ([] if solo else ["fair"]) + [
        "mean score", "mean place"]
    for col in cols:
        table.add_column(col, justify="right")
    for r in seats:
        seat = str(r["seat"]) if not solo else ("player" if r["seat"] == 1 else "automaton")
        cells = [seat, f"{float(r['wins']):,.1f}".removesuffix(".0"), f"{r['win_share']:.3f}",
                 f"{r['ci_low']:.3f}–{r['ci_high']:.3f}"]
        if not solo:
            cells.append(f"{r['fair_share']:.3f}")
        cells += [f"{r['mean_score']:.1f}", f"{r['mean_place']:.2f}"]
        if many:
            cells = [str(r["n_players"]), *cells]
            if several_variants:
                cells = [keys.get(r["variant"], r["variant"]), *cells]
        table.add_row(*cells)
    console.print(table)
    strat = Table(title=f"strategy win share per seat (seats rotated{which})",
                  title_justify="left")
    for col in ("strategy", "share", "95% interval", "games", "seats"):
        strat.add_column(col, justify="right" if col != "strategy" else "left")
    for r in strats:
        label = r["strategy"] if not many else f"{r['strategy']} ({r['n_players']}p)"
        strat.add_row(label, f"{r['win_share']:.3f}", f"{r['ci_low']:.3f}–{r['ci_high']:.3f}",
                      str(r["games"]), str(r.get("seats", r["games"])))
    console.print(strat)
    if wide:
        for f in summary["fairness"]:
            console.print(
                f"first-player advantage ({f['variant']}, {f['n_players']}p): "
                f"{f['first_player_advantage']:+.3f} [{f['fpa_ci_low']:+.3f}, "
                f"{f['fpa_ci_high']:+.3f}], p {terminal.fmt(f['fpa_p_value'], 'p_value')} "
                f"(adjusted over seats {terminal.fmt(f.get('fpa_adjusted_p_value'), 'p_value')}); "
                f"chi-square over seats p {terminal.fmt(f['chi_p_value'], 'p_value')}",
                highlight=False)


def argv_command() -> str:
    return shlex.join(["simcli", *sys.argv[1:]])


def max_half_width(folder: Path) -> float:
    """The widest seat win-share interval half-width in a results folder."""
    import polars as pl

    from simcli import tables

    seats = tables.seat_table(pl.scan_parquet(folder / "results.parquet"))
    return float(((seats["ci_high"] - seats["ci_low"]) / 2).max())


def execute_until(plan: RunPlan, width: float, max_games: int | None, **kwargs) -> Outcome:
    """Add games in chunks until every seat's 95% interval half-width is below ``width``
    (or ``max_games`` per variant is reached). Half-widths shrink as 1/sqrt(games), so
    each step asks for the games that the current width predicts, rounded up to chunks."""
    import dataclasses
    import math

    from simcli.runner import CHUNK

    validate.half_width(width)
    validate.games(max_games, "--max-games")
    limit = max_games if max_games is not None else 100 * plan.configs[0].n_games
    if limit < plan.configs[0].n_games:
        raise ScenarioError(f"--max-games {limit} is below --games {plan.configs[0].n_games}")
    kwargs["summarize"] = False  # plots and summaries once, at the end
    outcome = execute(plan, **kwargs)
    total_seconds = outcome.seconds
    played = outcome.games
    n = plan.configs[0].n_games
    kwargs.pop("resume", None)
    while not outcome.interrupted and (folder_has_rows(plan.folder)):
        hw = max_half_width(plan.folder)
        if hw < width or n >= limit:
            break
        want = math.ceil(n * (hw / width) ** 2 * 1.05)
        want = min(limit, max(n + CHUNK, math.ceil(want / CHUNK) * CHUNK))
        plan.configs = [dataclasses.replace(c, n_games=want) for c in plan.configs]
        plan.meta["games"] = want
        outcome = execute(plan, start=n, **kwargs)
        total_seconds += outcome.seconds
        played += outcome.games
        n = want
    if folder_has_rows(plan.folder):
        hw = max_half_width(plan.folder)
        reached = "reached" if hw < width else "NOT reached (hit --max-games)"
        plan.meta["stopping"] = (f"--until-ci {width}: widest seat half-width {hw:.4f} "
                                 f"{reached} after {n} games per variant")
        report.write_run_file(plan.folder, plan.meta)
        outcome.summary = report.build(plan.folder, count_errors(plan.folder),
                                       outcome.interrupted, plots=kwargs.get("plots", True))
    outcome.games, outcome.seconds = played, total_seconds
    return outcome


def folder_has_rows(folder: Path) -> bool:
    import polars as pl

    path = folder / "results.parquet"
    return path.exists() and pl.scan_parquet(path).select(pl.len()).collect().item() > 0
