"""``--confirm N``: does a run's seat verdict hold under stronger play?

The first ``N`` game seeds of a finished run (or, for a sweep, of its fairest variant and
its baseline at each player count) are played again with ``search`` in every seat, each
seat searching on top of the heuristic that sat there (``search:base=<that>``). The
cards are the same (the game stream never depends on the strategies), so each game is a
pair: the change of seat 1's win share is a paired difference over games with a t
interval, and the first-player advantage under search has its own Wilson interval.
Chunks are small (a search game costs seconds) and go through joblib like a run's, so
``--backend dask`` carries them to a cluster; results do not depend on --jobs.
"""
from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

from simcli.ladder import parallel
from simcli.scenario import ScenarioError
from simcli.worker import RunConfig, play_chunk

CHUNK = 2


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
    import polars as pl

    sub = df.filter((pl.col("variant") == variant) & (pl.col("n_players") == n)
                    & (pl.col("seat") == 1) & (pl.col("game_index") < limit))
    return dict(zip(sub["game_index"].to_list(), sub["win_share"].to_list(), strict=True))


def _max_dev(df, variant: str, n: int, limit: int) -> float:
    import polars as pl

    sub = df.filter((pl.col("variant") == variant) & (pl.col("n_players") == n)
                    & (pl.col("game_index") < limit) & (pl.col("seat") <= n))
    shares = sub.group_by("seat").agg(pl.col("win_share").mean())["win_share"].to_list()
    return max(abs(s - 1.0 / n) for s in shares) if shares else 0.0


def choose_configs(configs: list[RunConfig], results, sweep: bool
                   ) -> list[tuple[RunConfig, str]]:
    """A run: its config. A sweep: per player count, the fairest variant (of the whole
    sweep's ranking) and the baseline (the first variant), with their roles."""
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
        if mine[0].variant != best:
            picked.append((mine[0], "baseline"))
    return picked


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
        holds = pd["ci_low"] <= 0 <= pd["ci_high"]
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
            "holds": bool(holds),
        })
    result = {"games": limit, "strategies": list(searched[0].strategies) if searched else [],
              "errors": len(errors), "checks": checks,
              "findings": findings(checks, sweep)}
    if sweep:
        result["fairest_holds"] = fairest_holds(checks)
        for n, held in result["fairest_holds"].items():
            if held is not None:
                word = ("still at least as fair as the baseline" if held else
                        "no longer fairer than the baseline")
                result["findings"].append(
                    f"Fairest variant at {n}p under search play: {word} (largest seat "
                    f"deviation on {limit} seeds; a point estimate).")
    atomic_write_text(folder / "confirm.json", json.dumps(result, indent=2, default=str) + "\n")
    atomic_write_text(folder / "confirm.md", "# Verdicts under search play\n\n" + "".join(
        f"- {f}\n" for f in result["findings"]))
    if errors:
        with (folder / "errors.jsonl").open("a", encoding="utf-8") as fh:
            for e in errors:
                fh.write(json.dumps({**e, "confirm": True}) + "\n")
    return result


def fairest_holds(checks: list[dict]) -> dict:
    """Per player count: is the fairest variant still at least as fair as the baseline
    when every seat searches?"""
    out = {}
    for n in sorted({c["n_players"] for c in checks}):
        rows = {c["role"]: c for c in checks if c["n_players"] == n}
        if "fairest" not in rows or "baseline" not in rows:
            out[str(n)] = None      # the baseline is the fairest: nothing to compare
            continue
        out[str(n)] = (rows["fairest"]["max_seat_deviation_search"] or 0.0) <= \
            (rows["baseline"]["max_seat_deviation_search"] or 0.0)
    return out


def findings(checks: list[dict], sweep: bool) -> list[str]:
    lines = []
    for c in checks:
        where = (f"{c['role']} variant {c['variant']}, {c['n_players']}p" if sweep
                 else f"{c['n_players']}p")
        verdict = ("holds: no change detected" if c["holds"] else
                   "does not hold: seat 1's share changes")
        lines.append(
            f"First-player advantage ({where}) under search in every seat: "
            f"{c['fpa_search']:+.3f} [{c['fpa_search_ci_low']:+.3f}, "
            f"{c['fpa_search_ci_high']:+.3f}] against {c['fpa_heuristics']:+.3f} with the "
            f"heuristics on the same {c['games']} seeds; paired change {c['change']:+.3f} "
            f"[{c['change_ci_low']:+.3f}, {c['change_ci_high']:+.3f}]: the verdict {verdict} "
            f"(at {c['games']} games the interval is "
            f"±{(c['change_ci_high'] - c['change_ci_low']) / 2:.2f} wide).")
    return lines
