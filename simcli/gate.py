"""``simcli check``: a sequential gate with a known error rate.

With ``--baseline`` every seat's and every strategy's win share is compared game by game
with the baseline's own games (same game index; same game seed when the scenario's root
seed matches, so the comparison is paired). Each subject gets two one-sided SPRTs on the
per-game difference (H0: no change; H1: moved by +tolerance, resp. -tolerance); with
``[check]`` bounds each bound gets an SPRT per side (H0: ``tolerance`` inside the bound;
H1: ``tolerance`` outside). All tests of a check form one family (Holm step-down, see
:mod:`simcli.sprt`). Games are played in looks of ``look`` games; the gate stops at the
first look where a test fails (FAIL, exit 1) or all have passed (PASS, exit 0); at
``max_games`` it reports UNDECIDED (exit 3).
"""
from __future__ import annotations

import dataclasses
import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl
from scipy import stats as sps

from simcli import sprt
from simcli.report import md_table
from simcli.scenario import ScenarioError

EXIT_PASS, EXIT_FAIL, EXIT_UNDECIDED = 0, 1, 3
DEFAULT_LOOK = 200


def subject_matrix(df: pl.DataFrame) -> pl.DataFrame:
    """One row per game: ``game_index``, ``seed`` and each subject's win share in that game
    (``seat 1``.., ``strategy NAME``; a strategy in several seats: their mean; absent: null)."""
    games = (df.filter(pl.col("seat") == 1).select("game_index", "seed")
             .unique("game_index").sort("game_index"))
    seats = (df.select("game_index", pl.format("seat {}", "seat").alias("subject"),
                       "win_share"))
    strat = (df.group_by("game_index", "strategy").agg(pl.col("win_share").mean())
             .select("game_index", pl.format("strategy {}", "strategy").alias("subject"),
                     "win_share"))
    wide = (pl.concat([seats, strat])
            .pivot(on="subject", index="game_index", values="win_share"))
    return games.join(wide, on="game_index", how="left").sort("game_index")


def _subjects(df: pl.DataFrame) -> list[str]:
    seats = sorted((c for c in df.columns if c.startswith("seat ")),
                   key=lambda c: int(c.split()[1]))
    strats = sorted(c for c in df.columns if c.startswith("strategy "))
    # one strategy in every seat: its share is 1/n in every game, nothing to test
    return seats + (strats if len(strats) > 1 else [])


def baseline_tests(subjects: list[str], tolerance: float) -> list[sprt.OneSided]:
    out = []
    for s in subjects:
        out.append(sprt.OneSided(s, "up", 0.0, tolerance))
        out.append(sprt.OneSided(s, "down", 0.0, -tolerance))
    return out


def bound_tests(bounds: list[tuple[str, str, float, float]], tolerance: float,
                n_players: int, strategies: tuple[str, ...] = ()
                ) -> list[tuple[sprt.OneSided, str]]:
    """One test per side of each bound that can be crossed; with the column it reads."""
    out = []
    for kind, subject, lo, hi in bounds:
        if kind == "seat_share":
            column, floor, ceil = f"seat {subject}", 0.0, 1.0
            if not 1 <= int(subject) <= n_players:
                raise ScenarioError(f"check.seat_share.{subject}: no such seat (seats: "
                                    f"1-{n_players})")
        elif kind == "strategy_share":
            column, floor, ceil = f"strategy {subject}", 0.0, 1.0
            if strategies and subject not in strategies:
                raise ScenarioError(f"check.strategy_share.{subject}: no such strategy in "
                                    f"this run (strategies: {', '.join(strategies)})")
        else:
            column, floor, ceil = "fpa", -1.0, 1.0
        if hi - lo < 2 * tolerance:
            raise ScenarioError(f"check.{kind}.{subject}: bound [{lo}, {hi}] is narrower than "
                                f"2 x --tolerance ({tolerance}); lower --tolerance")
        name = f"{kind} {subject}"
        if lo > floor:
            out.append((sprt.OneSided(name, f">= {lo}", lo + tolerance, lo - tolerance,
                                      bound=(lo, hi)), column))
        if hi < ceil:
            out.append((sprt.OneSided(name, f"<= {hi}", hi - tolerance, hi + tolerance,
                                      bound=(lo, hi)), column))
    if not out:
        raise ScenarioError("[check] bounds cover every possible value: nothing to test")
    return out


@dataclass
class GateResult:
    exit_code: int
    text: str
    folder: Path
    games: int
    interrupted: bool = False


def _looks(first: int, step: int, limit: int) -> list[int]:
    looks = list(range(first, limit, step))
    return [*looks, limit] if not looks or looks[-1] != limit else looks


def run_check(scenario: str, *, baseline: str | None, tolerance: float,
              max_games: int | None, games: int | None, out: str | None,
              alpha: float = 0.05, beta: float = 0.05, look: int | None = None,
              jobs: int = -1, backend: str = "loky", scheduler: str | None = None,
              quiet: bool = False) -> GateResult:
    """Run a scenario look by look and decide with the sequential gate."""
    from simcli.compare import load_side, parse_bounds, refuse_mismatch
    from simcli.execute import plan_run, prepare_folder
    from simcli.scenario import load_scenario

    for name, value in (("--alpha", alpha), ("--beta", beta)):
        if not 0 < value < 0.5:
            raise ScenarioError(f"{name} must be between 0 and 0.5, not {value}")
    if not 0 < tolerance < 0.5:
        raise ScenarioError(f"--tolerance must be between 0 and 0.5, not {tolerance}")
    if look is not None and look < 10:
        raise ScenarioError(f"--look must be at least 10 games, not {look}")
    scen = load_scenario(scenario)
    folder = out or str(Path("reports") / f"check-{Path(scenario).stem}")
    plan = plan_run(None, scenario=scenario, games=games, out=folder)
    cfg = plan.configs[0]
    n_players = cfg.n_players
    base_matrix = None
    if baseline:
        base = load_side(baseline)
        refuse_mismatch(base.summary, {**plan.meta, "seats": [
            {"n_players": n} for n in plan.meta["players"]]})
        if base.results is None:
            raise ScenarioError(f"{baseline}: no results.parquet beside the summary; the "
                                "sequential gate pairs games with the baseline's own games")
        if base.results["variant"].n_unique() > 1:
            raise ScenarioError(f"{baseline}: a sweep folder (several variants) cannot be a "
                                "baseline; give a run's folder")
        base_matrix = subject_matrix(base.results.filter(pl.col("n_players") == n_players))
        base_games = base_matrix.height
        if max_games is not None and max_games > base_games:
            raise ScenarioError(f"--max-games {max_games} exceeds the baseline's {base_games} "
                                "games (the gate pairs games by index); regenerate the "
                                "baseline with more games")
        limit = max_games or min(cfg.n_games, base_games)
        subjects = _subjects(base_matrix)
        family = sprt.Family(baseline_tests(subjects, tolerance), alpha, beta)
        columns = [t.subject for t in family.tests]
    else:
        if not scen.check:
            raise ScenarioError(f"scenario {scenario!r} has no [check] bounds; give "
                                "--baseline SUMMARY.json or add a [check] table")
        bounds = parse_bounds(scen.check, f"scenario {scenario!r}")
        pairs = bound_tests(bounds, tolerance, n_players, tuple(cfg.strategies))
        family = sprt.Family([t for t, _ in pairs], alpha, beta)
        columns = [c for _, c in pairs]
        limit = max_games or 20 * cfg.n_games
        if cfg.n_players == 1 and "fpa" in columns:
            raise ScenarioError("check.first_player_advantage: a solo game against an "
                                "automaton has no first-player advantage")
    step = look or min(DEFAULT_LOOK, limit)
    if limit < 1:
        raise ScenarioError(f"--max-games must be at least 1, not {limit}")
    stops = _looks(min(step, limit), step, limit)

    # play look by look
    from simcli import outdir

    outdir.check_folder(plan.folder, protect=(baseline,) if baseline else ())
    prepare_folder(plan.folder, plan.meta, False)
    done, interrupted, matrix = 0, False, None
    progress = None if quiet else _progress(plan.game, limit)
    try:
        for stop in stops:
            plan.configs = [dataclasses.replace(c, n_games=stop) for c in plan.configs]
            plan.meta["games"] = stop
            from simcli import report
            from simcli.runner import merge_parts, run_chunks
            report.write_run_file(plan.folder, plan.meta)
            _, _, interrupted = run_chunks(
                plan.configs, plan.folder, start=done, jobs=jobs, backend=backend,
                scheduler=scheduler, progress=progress[1] if progress else None)
            done = stop
            merge_parts(plan.folder, plan.configs)
            if interrupted or not (plan.folder / "results.parquet").exists():
                break
            matrix = subject_matrix(pl.read_parquet(plan.folder / "results.parquet"))
            _observe(family, columns, matrix, base_matrix, n_players, stop)
            if family.decided:
                break
    finally:
        if progress:
            progress[0].stop()
    from simcli import report
    from simcli.runner import count_errors

    if matrix is None:
        raise ScenarioError(f"no game of {scenario} finished; see {plan.folder}/errors.jsonl")
    verdict = "FAIL" if family.failed else "PASS" if family.passed else "UNDECIDED"
    code = {"FAIL": EXIT_FAIL, "PASS": EXIT_PASS}.get(verdict, EXIT_UNDECIDED)
    paired = _pairing(matrix, base_matrix) if base_matrix is not None else None
    design = {
        "test": "SPRT (normal-approximation GSPRT on per-game outcomes)",
        "alpha": alpha, "beta": beta, "tolerance": tolerance, "look": step,
        "max_games": limit, "family": family.m, "correction": sprt.CORRECTION,
        "bounds_llr": [sprt.lower_bound(alpha / family.m, beta),
                       sprt.upper_bound(alpha / family.m, beta)],
        "mode": "baseline" if baseline else "bounds", "paired": paired,
    }
    rows = _rows(family, base_matrix, matrix, columns, n_players, done)
    plan.meta["stopping"] = f"sequential check: {verdict} after {done} games"
    plan.meta["gate"] = {**design, "verdict": verdict, "games": done}
    report.write_run_file(plan.folder, plan.meta)
    report.build(plan.folder, count_errors(plan.folder), interrupted)
    text = _text(scenario, verdict, done, design, rows, family, baseline, n_players,
                 interrupted)
    from simcli.fsio import atomic_write_text

    atomic_write_text(plan.folder / "check.json", json.dumps(
        {**design, "verdict": verdict, "games": done, "exit_status": code,
         "tests": [{k: report._clean(v) for k, v in r.items()} for r in rows]},
        indent=2, default=str) + "\n")
    atomic_write_text(plan.folder / "check.md", text)
    return GateResult(code, text, plan.folder, done, interrupted)


def _progress(game: str, total: int):
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    bar = Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                   console=Console(stderr=True), transient=False)
    task = bar.add_task(f"check {game}", total=total)
    bar.start()
    return bar, (lambda k: bar.advance(task, k))


def _values(matrix: pl.DataFrame, column: str, n_players: int) -> np.ndarray:
    if column == "fpa":
        return matrix["seat 1"].cast(pl.Float64).to_numpy() - 1.0 / n_players
    if column not in matrix.columns:
        return np.full(matrix.height, np.nan)
    return matrix[column].cast(pl.Float64).fill_null(float("nan")).to_numpy()


def _aligned(matrix: pl.DataFrame, base: pl.DataFrame | None, stop: int) -> tuple[
        pl.DataFrame, pl.DataFrame | None]:
    new = matrix.filter(pl.col("game_index") < stop)
    if base is None:
        return new, None
    idx = new.select("game_index").join(base.select("game_index"), on="game_index")
    return (idx.join(new, on="game_index", how="left"),
            idx.join(base, on="game_index", how="left"))


def _observations(matrix, base, columns, n_players, stop) -> np.ndarray:
    new, old = _aligned(matrix, base, stop)
    cols = [_values(new, c, n_players) for c in columns]
    if old is not None:
        cols = [x - _values(old, c, n_players) for x, c in zip(cols, columns, strict=True)]
    return np.column_stack(cols) if cols else np.empty((new.height, 0))


def _observe(family, columns, matrix, base, n_players, stop) -> None:
    x = _observations(matrix, base, columns, n_players, stop)
    if len(x) == 0:
        return
    n, mean, var = sprt.moments(x, np.array([len(x)]))
    family.look(n[0], mean[0], var[0])


def _pairing(matrix: pl.DataFrame, base: pl.DataFrame) -> dict[str, Any]:
    joined = matrix.select("game_index", "seed").join(
        base.select("game_index", pl.col("seed").alias("base_seed")), on="game_index")
    same = int((joined["seed"] == joined["base_seed"]).sum())
    return {"games": joined.height, "same_seed": same}


def _rows(family, base, matrix, columns, n_players, stop) -> list[dict[str, Any]]:
    """Per test: estimate, 95% interval (t, fixed-sample; for reading, not deciding), LLR,
    verdict, games, and games more at the current drift for undecided ones."""
    x = _observations(matrix, base, columns, n_players, stop)
    rows = []
    for j, t in enumerate(family.tests):
        col = x[:, j][~np.isnan(x[:, j])] if len(x) else np.array([])
        res = mean_interval(col[: t.games] if t.verdict != "undecided" else col)
        rows.append({"subject": t.subject, "direction": t.direction, "H0": t.theta0,
                     "H1": t.theta1, "estimate": res["mean"], "ci_low": res["ci_low"],
                     "ci_high": res["ci_high"], "llr": t.llr, "verdict": t.verdict,
                     "games": t.games, "holm_level": None if math.isnan(t.level) else t.level,
                     "games_to_settle": family.games_to_settle(t),
                     "bound": list(t.bound) if t.bound else None})
    return rows


def mean_interval(x: np.ndarray, confidence: float = 0.95) -> dict[str, float]:
    """Mean with its t interval (scipy); a constant sample gives a zero-width interval."""
    if len(x) == 0:
        return {"mean": float("nan"), "ci_low": float("nan"), "ci_high": float("nan")}
    mean = float(np.mean(x))
    if len(x) < 2 or np.all(x == x[0]):
        return {"mean": mean, "ci_low": mean, "ci_high": mean}
    ci = sps.ttest_1samp(x, 0.0).confidence_interval(confidence)
    return {"mean": mean, "ci_low": float(ci.low), "ci_high": float(ci.high)}


def _text(scenario, verdict, done, design, rows, family, baseline, n_players,
          interrupted) -> str:
    a, b = design["bounds_llr"]
    lines = [f"### simcli check {scenario}: {verdict} after {done} games", "",
             f"- test: {design['test']}; alpha = {design['alpha']} (false fail), beta = "
             f"{design['beta']} (miss), effect size = tolerance {design['tolerance']}",
             f"- family: {family.m} one-sided tests, {design['correction']}; LLR bounds "
             f"[{a:.2f}, {b:.2f}] for the first rejection",
             f"- looks every {design['look']} games, at most {design['max_games']}"]
    if design["paired"]:
        p = design["paired"]
        how = "paired: same game seeds" if p["same_seed"] == p["games"] else (
            f"only {p['same_seed']} of {p['games']} games share the baseline's seed (other "
            "root seed?): compared game by game as independent pairs")
        lines.append(f"- baseline `{baseline}`: {how}")
    shown = pl.DataFrame(rows).drop("bound")
    lines += ["", md_table(shown), ""]
    variant = f"(default, {n_players}p)"
    if verdict == "FAIL":
        for r in rows:
            if r["verdict"] != "fail":
                continue
            if baseline:
                lines.append(
                    f"FAIL: {r['subject']} {variant} win share moved {r['estimate']:+.3f} "
                    f"(95% CI [{r['ci_low']:+.3f}, {r['ci_high']:+.3f}]; SPRT accepted a "
                    f"move of {r['H1']:+g} at Holm level {r['holm_level']:.2g} after "
                    f"{r['games']} games)")
            else:
                lines.append(
                    f"FAIL: {r['subject']} = {r['estimate']:.3f}, 95% CI [{r['ci_low']:.3f}, "
                    f"{r['ci_high']:.3f}] outside [{r['bound'][0]}, {r['bound'][1]}] "
                    f"(SPRT on the side {r['direction']}, Holm level "
                    f"{r['holm_level']:.2g}) after {r['games']} games")
    elif verdict == "PASS":
        what = (f"no win share moved by {design['tolerance']} or more" if baseline
                else "every bound holds")
        lines.append(f"PASS: {what} (every SPRT accepted H0) after {done} games")
    else:
        open_ = [r for r in rows if r["verdict"] == "undecided"]
        more = [r["games_to_settle"] for r in open_ if r["games_to_settle"] is not None]
        why = "interrupted" if interrupted else "--max-games reached"
        hint = (f"; about {max(more)} more games at the current drift would settle it"
                if more else "")
        lines.append(f"UNDECIDED ({why}): {len(open_)} test(s) open after {done} games"
                     f"{hint} (exit 3)")
    return "\n".join(lines) + "\n"
