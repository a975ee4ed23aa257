"""``--confirm N``: does a run's seat verdict hold under stronger play?

The first ``N`` game seeds of a finished run (or, for a sweep, of its fairest variant and
its baseline at each player count) are played again with ``search`` in every seat, each
seat searching on top of the heuristic that sat there (``search:base=<that>``). The
cards are the same (the game stream never depends on the strategies), so each game is a
pair: the change of seat 1's win share is a paired difference over games with a t
interval, and the first-player advantage under search has its own Wilson interval.

A verdict *holds* when the paired change is inside +-MARGIN (its whole interval),
*changes* when the change is significant after Holm's correction over every check of the
confirm, and is *not settled* otherwise, with the games that would settle it. For a sweep,
whether the fairest variant stays fairer than the baseline under search is a paired
bootstrap over the same seeds (simcli.ranking), with an interval.
Chunks are small (a search game costs seconds) and go through the runner's pool (loky, or
joblib on dask) like a run's, so ``--backend dask`` carries them to a cluster; results do
not depend on --jobs.
"""
from __future__ import annotations

import dataclasses
import json
import math
from pathlib import Path
from typing import Any

import numpy as np

from simcli import outdir
from simcli.ladder import parallel
from simcli.scenario import ScenarioError
from simcli.worker import RunConfig, play_chunk

CHUNK = 2
#: a change of seat 1's win share inside +-MARGIN counts as no change
MARGIN = 0.05
LEVEL = 0.05


def searching(cfg: RunConfig, n: int, search: str = "") -> RunConfig:
    """The same run (first ``n`` games) with search on every seat's heuristic."""
    specs = []
    for spec in cfg.strategies:
        if spec.split(":")[0] == "search":
            specs.append(spec)
            continue
        if ":" in spec:
            raise ScenarioError(f"--confirm: strategy {spec!r} has parameters; search takes a "
                                "plain strategy name as its base")
        specs.append(f"search:base={spec}" + (f",{search}" if search else ""))
    return dataclasses.replace(cfg, strategies=tuple(specs), n_games=n)


def play(configs: list[RunConfig], jobs: int, backend: str, scheduler: str | None):
    """Columns of every config's games, concatenated in config then game order."""
    tasks = [(c, lo, min(lo + CHUNK, c.n_games)) for c in configs
             for lo in range(0, c.n_games, CHUNK)]
    cols: dict[str, list] = {}
    errors: list[dict] = []
    rows = 0
    for part, errs in parallel(play_chunk, tasks, jobs, backend, scheduler):
        errors.extend(errs)
        k = len(part["game_index"])
        for name, values in part.items():
            cols.setdefault(name, [None] * rows).extend(values)
        rows += k
        for values in cols.values():
            values.extend([None] * (rows - len(values)))
    return cols, errors


def _seat1(df, variant: str, n: int, limit: int) -> dict[int, float]:
    """Game index -> seat 1's win share."""
    games, mat = _matrix(df, variant, n, limit)
    return dict(zip(games, mat[:, 0].tolist(), strict=True))


def _max_dev(df, variant: str, n: int, limit: int) -> float:
    """Largest |seat share - 1/n| over the games."""
    games, mat = _matrix(df, variant, n, limit)
    return float(np.abs(mat.mean(axis=0) - 1.0 / n).max()) if games else 0.0


def choose_configs(configs: list[RunConfig], results, sweep: bool
                   ) -> list[tuple[RunConfig, str]]:
    """A run: its config. A sweep: per player count, the fairest variant (of the whole
    sweep's ranking) and the baseline (the printed rules, see :func:`baseline_of`), with
    their roles."""
    if not sweep:
        return [(c, "run") for c in configs]
    from simcli.sweep import ranking_table

    ranked = ranking_table(results)
    picked = []
    for n in sorted({c.n_players for c in configs}):
        mine = [c for c in configs if c.n_players == n]
        rows = ranked.filter(ranked["n_players"] == n).sort("rank")
        best = rows["variant"][0] if rows.height else mine[0].variant
        picked += [(c, "fairest") for c in mine if c.variant == best]
        base = baseline_of(mine)
        if base.variant != best:
            picked.append((base, "baseline"))
    return picked


def baseline_of(configs: list[RunConfig]) -> RunConfig:
    """The variant that plays the printed rules (its data equal the game's shipped data),
    else the sweep's first variant: a grid's first cell is rarely the printed game."""
    from simcli.games import get_game

    for c in configs:
        if c.data_file is None and c.data == get_game(c.game).default_data():
            return c
    return configs[0]


def confirm(folder: Path, configs: list[RunConfig], n: int, *, sweep: bool = False,
            jobs: int = -1, backend: str = "loky", scheduler: str | None = None,
            search: str = "") -> dict[str, Any]:
    """Replay ``n`` seeds with search in every seat; write confirm.json / confirm.md."""
    import polars as pl

    from simcli import stats
    from simcli.fsio import atomic_write_text

    if n < 2:
        raise ScenarioError(f"--confirm takes at least 2 games, not {n}")
    results = pl.read_parquet(folder / "results.parquet")
    roles = choose_configs(configs, results, sweep)
    chosen = [c for c, _ in roles]
    limit = min([n] + [c.n_games for c in chosen])
    searched = [searching(c, limit, search) for c in chosen]
    cols, errors = play(searched, jobs, backend, scheduler)
    strong = pl.DataFrame(cols) if cols else pl.DataFrame()
    checks = []
    for c, role in roles:
        heur = _seat1(results, c.variant, c.n_players, limit)
        srch = _seat1(strong, c.variant, c.n_players, limit) if strong.height else {}
        common = sorted(set(heur) & set(srch))
        a = [heur[i] for i in common]
        b = [srch[i] for i in common]
        pd = stats.paired_difference(a, b)
        fair = 1.0 / c.n_players
        fpa_h = stats.first_player_advantage(sum(a), len(a), c.n_players)
        fpa_s = stats.first_player_advantage(sum(b), len(b), c.n_players)
        half = (pd["ci_high"] - pd["ci_low"]) / 2
        checks.append({
            "variant": c.variant, "role": role, "n_players": c.n_players,
            "games": len(common),
            "fair_share": fair,
            "seat1_heuristics": fpa_h["seat1_share"], "seat1_search": fpa_s["seat1_share"],
            "fpa_heuristics": fpa_h["advantage"], "fpa_search": fpa_s["advantage"],
            "fpa_search_ci_low": fpa_s["ci_low"], "fpa_search_ci_high": fpa_s["ci_high"],
            "change": pd["diff"], "change_ci_low": pd["ci_low"],
            "change_ci_high": pd["ci_high"], "change_p_value": pd["p_value"],
            "max_seat_deviation_heuristics": _max_dev(results, c.variant, c.n_players, limit),
            "max_seat_deviation_search": (_max_dev(strong, c.variant, c.n_players, limit)
                                          if strong.height else None),
            "change_sd": float(np.std(np.subtract(b, a), ddof=1)) if len(a) > 1 else None,
            "change_ci_half_width": half,
        })
    judge(checks)
    result = {"games": limit, "strategies": list(searched[0].strategies) if searched else [],
              "errors": len(errors), "checks": checks,
              "findings": findings(checks, sweep)}
    if sweep:
        result["fairest"] = fairest_under_search(checks, strong, limit)
        result["fairest_holds"] = {n: f["holds"] for n, f in result["fairest"].items()}
        result["findings"] += [f["finding"] for f in result["fairest"].values()
                               if f["finding"]]
    atomic_write_text(folder / "confirm.json", json.dumps(result, indent=2, default=str) + "\n")
    atomic_write_text(folder / "confirm.md", "# Verdicts under search play\n\n" + "".join(
        f"- {f}\n" for f in result["findings"]))
    written = ["confirm.json", "confirm.md"]
    # the run's report.html, drawn before the confirm, gets its verdicts (rendered again
    # from the run's own summary.json: the same page plus them)
    if (folder / "report.html").is_file() and (folder / "summary.json").is_file():
        from simcli import html

        html.write(json.loads((folder / "summary.json").read_text(encoding="utf-8")), folder)
    if errors:
        log = folder / "errors.jsonl"
        old = log.read_text(encoding="utf-8") if log.is_file() else ""
        atomic_write_text(log, old + "".join(json.dumps({**e, "confirm": True}) + "\n"
                                             for e in errors))
        written.append("errors.jsonl")
    outdir.note(folder, written)  # a rerun of this folder may delete them
    return result


def judge(checks: list[dict]) -> None:
    """Holm over the family of checks, then holds / changes / not settled, in place."""
    from simcli import stats

    for c, adj in zip(checks, stats.holm_adjust([c["change_p_value"] for c in checks]),
                      strict=True):
        c["change_p_holm"] = adj
    for c in checks:
        inside = -MARGIN <= c["change_ci_low"] and c["change_ci_high"] <= MARGIN
        if c["change_p_holm"] < LEVEL:
            c["verdict"] = "changes"
        elif inside:
            c["verdict"] = "holds"
        else:
            c["verdict"] = "not settled"
        c["holds"] = {"holds": True, "changes": False}.get(c["verdict"])
        sd = c.get("change_sd") or 0.0
        need = None
        if c["verdict"] == "not settled" and sd > 0:
            # games for the paired interval's half-width to shrink to MARGIN / 2
            z = stats.norm_ppf(1 - LEVEL / 2)
            need = max(0, math.ceil((z * sd / (MARGIN / 2)) ** 2) - c["games"])
        c["games_to_settle"] = need


def _matrix(df, variant: str, n: int, limit: int):
    """Games x seats win shares of one variant and player count (games < limit)."""
    import polars as pl

    sub = (df.filter((pl.col("variant") == variant) & (pl.col("n_players") == n)
                     & (pl.col("game_index") < limit) & (pl.col("seat") <= n))
           .sort("game_index", "seat"))
    games = sub["game_index"].unique().sort().to_list()
    mat = np.zeros((len(games), n))
    row = {g: i for i, g in enumerate(games)}
    for g, seat, share in zip(sub["game_index"], sub["seat"], sub["win_share"], strict=True):
        mat[row[g], seat - 1] = share
    return games, mat


def fairest_under_search(checks: list[dict], strong, limit: int) -> dict:
    """Per player count: is the fairest variant still fairer than the baseline with
    search in every seat? Paired bootstrap (same seeds) of the difference of their largest
    seat deviations, fairest - baseline: below 0 it is still fairer."""
    from simcli.ranking import bootstrap, unfairness

    out: dict[str, dict] = {}
    for n in sorted({c["n_players"] for c in checks}):
        rows = {c["role"]: c for c in checks if c["n_players"] == n}
        if "fairest" not in rows or "baseline" not in rows or not strong.height:
            out[str(n)] = {"holds": None, "finding": None,
                           "note": "the baseline is the fairest variant: nothing to compare"}
            continue
        ga, fa = _matrix(strong, rows["fairest"]["variant"], n, limit)
        gb, ba = _matrix(strong, rows["baseline"]["variant"], n, limit)
        common = sorted(set(ga) & set(gb))
        fa = fa[[ga.index(g) for g in common]]
        ba = ba[[gb.index(g) for g in common]]
        mats = np.stack([fa, ba])
        point = unfairness(mats.mean(axis=1), len(common))[0]
        boot = bootstrap(mats)[0]
        d = boot[:, 0] - boot[:, 1]
        lo, hi = (float(x) for x in np.percentile(d, [2.5, 97.5]))
        diff = float(point[0] - point[1])
        holds = True if hi < 0 else False if lo > 0 else None
        word = {True: "still fairer than the baseline",
                False: "no longer fairer than the baseline",
                None: "not separated from the baseline (not settled)"}[holds]
        out[str(n)] = {
            "fairest": rows["fairest"]["variant"], "baseline": rows["baseline"]["variant"],
            "games": len(common), "max_seat_deviation_fairest": float(point[0]),
            "max_seat_deviation_baseline": float(point[1]), "difference": diff,
            "ci_low": lo, "ci_high": hi, "holds": holds,
            "finding": (f"Fairest variant at {n}p ({rows['fairest']['variant']}) under search "
                        f"in every seat: largest seat deviation {point[0]:.3f} against "
                        f"{point[1]:.3f} for the baseline {rows['baseline']['variant']}, "
                        f"paired difference {diff:+.3f} [{lo:+.3f}, {hi:+.3f}] on "
                        f"{len(common)} seeds (paired bootstrap): {word}."),
        }
    return out


def findings(checks: list[dict], sweep: bool) -> list[str]:
    lines = []
    for c in checks:
        where = (f"{c['role']} variant {c['variant']}, {c['n_players']}p" if sweep
                 else f"{c['n_players']}p")
        verdict = {
            "holds": f"holds: seat 1's share moves by less than {MARGIN:.2f}",
            "changes": (f"does not hold: seat 1's share changes (Holm-corrected "
                        f"p={c['change_p_holm']:.3g})"),
            "not settled": (f"is not settled: the change is not significant, but its "
                            f"interval still reaches "
                            f"±{max(abs(c['change_ci_low']), abs(c['change_ci_high'])):.2f}"
                            + (f"; about {c['games_to_settle']:,} more seeds would settle it"
                               if c.get("games_to_settle") else "")),
        }[c["verdict"]]
        lines.append(
            f"First-player advantage ({where}) under search in every seat: "
            f"{c['fpa_search']:+.3f} [{c['fpa_search_ci_low']:+.3f}, "
            f"{c['fpa_search_ci_high']:+.3f}] against {c['fpa_heuristics']:+.3f} with the "
            f"heuristics on the same {c['games']} seeds; paired change {c['change']:+.3f} "
            f"[{c['change_ci_low']:+.3f}, {c['change_ci_high']:+.3f}]: the verdict {verdict}.")
    return lines
