"""``simcli balance SCENARIO``: search seat-dependent rules for the fairest table.

A balance scenario is a run scenario (game, players, seed, strategies, [rules]) with a
``[balance]`` table that names the parameters to search and the search budget::

    [balance]
    candidates = 16      # tables raced (the printed table always among them)
    first_games = 200    # games per candidate in the first rung; doubled for survivors
    rungs = 3            # rungs of successive halving
    keep = 0.5           # share of candidates that survive a rung

    [balance.search]
    # a per-player-count table searched seat by seat: one list of values per seat
    start_signatures = { table = "4", seats = [[0, 1, 2], [0, 1, 2], [1, 2, 3], [1, 2, 3]] }
    # a plain parameter: a list of values
    office_capacity = { values = [1, 2] }

The space is the product of every parameter's choices; when it holds more than
``candidates`` tables a seeded sample is raced. Every candidate plays the same game
indices with the same game seeds (common random numbers), so candidates are compared on
the same deals. Successive halving: all candidates play ``first_games``; the fairest
``keep`` share (by max |seat share - 1/n|) survive and play on to twice the games, and so
on. The finalists and the printed table are then ranked on their common games with paired
bootstrap intervals (:mod:`simcli.ranking`): the set tied with the best, a single fairest
only when separated, and the printed table's distance from the best with its interval.
"""
from __future__ import annotations

import itertools
import json
import math
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl

from simcli import __version__, ranking, stats
from simcli.scenario import ScenarioError

BALANCE_KEYS = ("candidates", "first_games", "rungs", "keep", "search")
OUTPUT_FILES = ("balance.json", "balance.md", "results.parquet", "run.json", "errors.jsonl")


@dataclass
class Axis:
    key: str
    table: str | None
    choices: list[Any]          # per candidate value of this key (tuples for seat tables)
    printed: Any


def _fail(path, msg: str) -> ScenarioError:
    return ScenarioError(f"scenario {str(path)!r}: balance.{msg}")


def parse_balance(path: str | Path, raw: dict[str, Any], data: dict[str, Any],
                  n_players: int) -> tuple[dict[str, Any], list[Axis]]:
    """Validate the [balance] table against the game's data; (budget, axes)."""
    bal = raw.get("balance")
    if not isinstance(bal, dict):
        raise ScenarioError(f"scenario {str(path)!r}: no [balance] table (see README: "
                            "simcli balance)")
    unknown = sorted(set(bal) - set(BALANCE_KEYS))
    if unknown:
        raise _fail(path, f"{unknown[0]}: unknown key; valid: {', '.join(BALANCE_KEYS)}")
    budget = {"candidates": bal.get("candidates", 16), "first_games": bal.get("first_games", 200),
              "rungs": bal.get("rungs", 3), "keep": bal.get("keep", 0.5)}
    for key in ("candidates", "first_games", "rungs"):
        v = budget[key]
        if not isinstance(v, int) or isinstance(v, bool) or v < 1:
            raise _fail(path, f"{key} must be a positive integer, got {v!r}")
    if budget["candidates"] < 2:
        raise _fail(path, "candidates must be at least 2")
    if not isinstance(budget["keep"], int | float) or not 0 < budget["keep"] < 1:
        raise _fail(path, f"keep must be between 0 and 1, got {budget['keep']!r}")
    search = bal.get("search")
    if not isinstance(search, dict) or not search:
        raise _fail(path, "search must name at least one parameter: key = { values = [...] } "
                    "or key = { table = \"N\", seats = [[...], ...] }")
    axes = []
    for key, spec in search.items():
        if key not in data:
            raise _fail(path, f"search.{key}: unknown rules parameter")
        if not isinstance(spec, dict):
            raise _fail(path, f"search.{key} must be a table with values or table + seats")
        if "seats" in spec:
            table = str(spec.get("table", n_players))
            seats = spec["seats"]
            row = data[key].get(table) if isinstance(data[key], dict) else None
            if row is None:
                raise _fail(path, f"search.{key}: {key} has no row {table!r}")
            if not isinstance(seats, list) or len(seats) != len(row) or not all(
                    isinstance(s, list) and s for s in seats):
                raise _fail(path, f"search.{key}.seats must hold one non-empty list of values "
                            f"per seat ({len(row)} seats)")
            choices = [tuple(c) for c in itertools.product(*seats)]
            axes.append(Axis(key, table, choices, tuple(row)))
        elif "values" in spec:
            values = spec["values"]
            if not isinstance(values, list) or not values:
                raise _fail(path, f"search.{key}.values must be a non-empty list")
            axes.append(Axis(key, None, list(values), data[key]))
        else:
            raise _fail(path, f"search.{key} needs values = [...] or table + seats")
    return budget, axes


def _overrides(axes: list[Axis], combo: tuple) -> dict[str, Any]:
    out = {}
    for axis, value in zip(axes, combo, strict=True):
        out[axis.key] = {axis.table: list(value)} if axis.table else value
    return out


def _label(axes: list[Axis], combo: tuple) -> str:
    parts = []
    for axis, value in zip(axes, combo, strict=True):
        shown = "/".join(str(v) if v != "" else "-" for v in value) if axis.table else \
            str(value).lower()
        parts.append(f"{axis.key}={shown}")
    return ", ".join(parts)


def candidates(axes: list[Axis], count: int, seed: int) -> list[tuple]:
    """The printed table first, then the rest of the space (a seeded sample if large)."""
    printed = tuple(a.printed for a in axes)
    sizes = [len(a.choices) for a in axes]
    total = math.prod(sizes)
    if total <= count:
        combos = [tuple(a.choices[i] for a, i in zip(axes, idx, strict=True))
                  for idx in itertools.product(*(range(s) for s in sizes))]
    else:
        rng = np.random.default_rng(seed)
        picks = rng.choice(total, size=min(total, 4 * count), replace=False)
        combos = [tuple(a.choices[i] for a, i in
                        zip(axes, np.unravel_index(int(p), sizes), strict=True)) for p in picks]
    out = [printed]
    for c in combos:
        if c not in out:
            out.append(c)
        if len(out) >= count:
            break
    return out


def _seat_matrix(df: pl.DataFrame, n_players: int) -> tuple[np.ndarray, np.ndarray]:
    wide = (df.select("game_index", "seat", "win_share")
            .pivot(on="seat", index="game_index", values="win_share", sort_columns=True)
            .sort("game_index"))
    cols = [str(s) for s in range(1, n_players + 1)]
    return wide["game_index"].to_numpy(), wide.select(cols).fill_null(0).to_numpy()


def run_balance(scenario: str, *, out: str | None = None, jobs: int = -1,
                backend: str = "loky", scheduler: str | None = None,
                quiet: bool = False) -> dict[str, Any]:
    """Race the candidate tables and write balance.json/md, results.parquet and a plot."""
    from simcli import outdir, report
    from simcli.execute import check_game, check_strategies
    from simcli.games import get_game
    from simcli.runner import (
        RunConfig,
        count_errors,
        merge_parts,
        run_chunks,
    )
    from simcli.scenario import apply_overrides, build_data, compile_check, load_scenario, read_toml

    raw = read_toml(scenario, "scenario")
    scen = load_scenario(scenario)
    name = check_game(None, scen)
    g = get_game(name)
    if len(scen.players) > 1:
        raise ScenarioError(f"scenario {scenario!r}: balance searches one player count; "
                            f"players lists {scen.players}")
    n_players = scen.players[0] if scen.players else g.default_players
    if n_players not in g.players or n_players < 2:
        raise ScenarioError(f"{name}: balance needs 2 or more seats of {list(g.players)}")
    seed = scen.seed if scen.seed is not None else 1
    specs = check_strategies(name, scen.strategies)
    base, data_file, digest = build_data(name, scen.data, {})
    base = apply_overrides(base, scen.rules)
    budget, axes = parse_balance(scenario, raw, base, n_players)
    combos = candidates(axes, budget["candidates"], seed)
    configs = {}
    for combo in combos:
        label = _label(axes, combo)
        overrides = {**scen.rules, **_overrides(axes, combo)}
        try:
            data = apply_overrides(base, _overrides(axes, combo))
            compile_check(name, data, n_players)
        except ScenarioError as exc:
            raise ScenarioError(f"candidate {label!r}: {exc}") from None
        configs[label] = RunConfig(game=name, n_players=n_players, strategies=specs, n_games=0,
                                   seed=seed, data=data, overrides=overrides,
                                   data_file=data_file, data_hash=digest, variant=label)
    labels = list(configs)
    printed = labels[0]
    folder = Path(out) if out else Path("reports") / f"balance-{Path(scenario).stem}-{seed}"
    outdir.check_folder(folder)
    meta = {"simcli_version": __version__, "game": name, "rules_version": g.RULES_VERSION,
            "players": [n_players], "seed": seed, "strategies": list(specs),
            "overrides": scen.rules, "data_file": data_file, "data_hash": digest,
            "variants": [{"name": k, "rules": c.overrides} for k, c in configs.items()],
            "scenario": str(scenario), "balance": budget, "games": 0,
            "command": f"simcli balance {scenario}"}
    if folder.is_dir():
        outdir.clear(folder)     # only the files an earlier simcli run listed in its marker
    folder.mkdir(parents=True, exist_ok=True)
    report.write_run_file(folder, meta)

    t0 = time.perf_counter()
    alive = list(labels)
    played = dict.fromkeys(labels, 0)
    rungs = []
    target = budget["first_games"]
    total_games = 0
    for rung in range(budget["rungs"]):
        interrupted = False
        for start in sorted({played[k] for k in alive if played[k] < target}):
            todo = [replace(configs[k], n_games=target) for k in alive if played[k] == start]
            _, _, interrupted = run_chunks(todo, folder, start=start, jobs=jobs,
                                           backend=backend, scheduler=scheduler)
            total_games += (target - start) * len(todo)
            for c in todo:
                played[c.variant] = target
            if interrupted:
                break
        merge_parts(folder, [replace(configs[k], n_games=played[k]) for k in labels])
        df = pl.read_parquet(folder / "results.parquet")
        scores = {}
        for k in alive:
            _, mat = _seat_matrix(df.filter((pl.col("variant") == k)
                                            & (pl.col("game_index") < target)), n_players)
            scores[k] = float(np.abs(mat.mean(axis=0) - 1 / n_players).max())
        rungs.append({"rung": rung + 1, "games": target, "candidates": len(alive),
                      "scores": scores})
        if interrupted:
            break
        if rung == budget["rungs"] - 1:
            break
        survivors = max(2, math.ceil(len(alive) * budget["keep"]))
        ranked = sorted(alive, key=lambda k: (scores[k], labels.index(k)))
        alive = ranked[:survivors]
        if printed not in alive:        # keep measuring the printed table to the end
            alive.append(printed)
        target *= 2
    seconds = time.perf_counter() - t0

    df = pl.read_parquet(folder / "results.parquet")
    final_games = rungs[-1]["games"]
    mats = []
    for k in alive:
        idx, mat = _seat_matrix(df.filter((pl.col("variant") == k)
                                          & (pl.col("game_index") < final_games)), n_players)
        mats.append((idx, mat))
    common = mats[0][0]
    for idx, _ in mats[1:]:
        common = np.intersect1d(common, idx)
    stacked = np.stack([m[np.searchsorted(idx, common)] for idx, m in mats])
    rows = ranking.rank(alive, stacked)
    best = rows[0]["variant"]
    pi, bi = alive.index(printed), alive.index(best)
    boot, _ = ranking.bootstrap(stacked[[pi, bi]])
    gap = boot[:, 0] - boot[:, 1]
    gap_lo, gap_hi = (float(x) for x in np.percentile(gap, [2.5, 97.5]))
    seat_rows = []
    for k in dict.fromkeys([best, printed]):
        mat = stacked[alive.index(k)]
        for s in range(n_players):
            wins = float(mat[:, s].sum())
            lo, hi = stats.wilson(wins, len(mat))
            seat_rows.append({"table": k, "seat": s + 1, "win_share": wins / len(mat),
                              "ci_low": lo, "ci_high": hi, "fair_share": 1 / n_players})
    printed_row = next(r for r in rows if r["variant"] == printed)
    result = {
        "game": name, "players": n_players, "seed": seed, "scenario": str(scenario),
        "rules_version": g.RULES_VERSION, "simcli_version": __version__,
        "search": [{"key": a.key, "table": a.table, "space": len(a.choices)} for a in axes],
        "budget": budget, "candidates_raced": len(labels), "games_played": total_games,
        "seconds": seconds, "final_games_per_table": final_games,
        "printed": printed, "best": best, "fairest": best if rows[0]["fairest"] else None,
        "tied_with_best": [r["variant"] for r in rows if r["tied_with_best"]],
        "printed_tied_with_best": printed_row["tied_with_best"],
        "printed_minus_best": {"estimate": printed_row["max_seat_deviation"]
                               - rows[0]["max_seat_deviation"], "ci_low": gap_lo,
                               "ci_high": gap_hi},
        "correction": ranking.CORRECTION,
        "ranking": rows, "seats": seat_rows,
        "rungs": [{**r, "scores": dict(sorted(r["scores"].items(), key=lambda kv: kv[1]))}
                  for r in rungs],
        "interrupted": interrupted,
        "errors": count_errors(folder),
    }
    meta["games"] = final_games
    meta["stopping"] = f"balance: successive halving, {len(rungs)} rungs, {total_games} games"
    report.write_run_file(folder, meta)
    from simcli.fsio import atomic_write_text

    atomic_write_text(folder / "balance.json",
                      json.dumps(result, indent=2, default=_json_default) + "\n")
    atomic_write_text(folder / "balance.md", markdown(result))
    result["plot"] = str(plot(result, folder))
    result["folder"] = str(folder)
    return result


def _json_default(value: Any) -> Any:
    if isinstance(value, np.generic):
        return value.item()
    return str(value)


def headline(result: dict[str, Any]) -> list[str]:
    """Findings in a sentence each."""
    n = result["players"]
    best, printed = result["best"], result["printed"]
    rows = {r["variant"]: r for r in result["ranking"]}
    seats = [r for r in result["seats"] if r["table"] == printed]
    worst = max(seats, key=lambda r: abs(r["win_share"] - r["fair_share"]))
    gap = result["printed_minus_best"]
    b = rows[best]
    same = best == printed
    lines = [
        f"{result['game']} {n}p: the fairest table found is "
        f"{'the printed one, ' if same else ''}{best} (max |seat share - 1/{n}| "
        f"{b['max_seat_deviation']:.3f} [{b['unfairness_lo']:.3f}, {b['unfairness_hi']:.3f}], "
        f"{b['games']} games)" + ("; separated from every other finalist" if result["fairest"]
                                  else f"; {_tied(result, rows)}"),
        f"printed table {printed}: seat {worst['seat']} wins {worst['win_share']:.3f} "
        f"[{worst['ci_low']:.3f}, {worst['ci_high']:.3f}] (fair {worst['fair_share']:.3f})"
        + ("" if same else
           f"; its unfairness is {gap['estimate']:+.3f} [{gap['ci_low']:+.3f}, "
           f"{gap['ci_high']:+.3f}] above the best's (95% paired bootstrap, uncorrected); "
           + ("not separated from" if result["printed_tied_with_best"] else "separated from")
           + " the best after the Benjamini-Hochberg correction over "
           + (f"the {len(rows) - 1} comparisons" if len(rows) > 2 else "one comparison")
           + f" (p = {rows[printed]['p_vs_best']:.2g})"),
        f"search: {result['candidates_raced']} tables raced by successive halving, "
        f"{result['games_played']} games in {result['seconds']:.0f} s",
    ]
    if b.get("games_needed"):
        lines.append(f"about {b['games_needed']} games per table would separate the top two")
    return lines


def _tied(result: dict[str, Any], rows: dict[str, dict]) -> str:
    tied, others = len(result["tied_with_best"]) - 1, len(rows) - 1
    if others == 1:
        return "the other finalist is statistically tied with it"
    return f"{tied} of the other {others} finalists are statistically tied with it"


def markdown(result: dict[str, Any]) -> str:
    from simcli.report import md_table

    out = [f"# simcli balance {result['scenario']}", ""]
    out += [f"- {line}" for line in headline(result)]
    out += ["", f"## Finalists ranked ({result['correction']})", "",
            md_table(pl.DataFrame(result["ranking"])), "",
            "## Seat win shares: best and printed (Wilson 95%)", "",
            md_table(pl.DataFrame(result["seats"])), "", "## Rungs", ""]
    for r in result["rungs"]:
        top = ", ".join(f"{k} {v:.3f}" for k, v in list(r["scores"].items())[:5])
        out.append(f"- rung {r['rung']}: {r['candidates']} tables x {r['games']} games; "
                   f"fairest: {top}")
    return "\n".join(out) + "\n"


def plot(result: dict[str, Any], folder: Path) -> Path:
    """Finalists' unfairness with intervals, and each candidate's score across rungs."""
    from simcli.fsio import save_figure
    from simcli.plots import subplots

    rows = result["ranking"]
    fig, axes = subplots(1, 2, figsize=(12, 0.45 * len(rows) + 2.5))
    ax = axes[0]
    y = np.arange(len(rows))[::-1]
    est = np.array([r["max_seat_deviation"] for r in rows])
    lo = np.array([r["unfairness_lo"] for r in rows])
    hi = np.array([r["unfairness_hi"] for r in rows])
    colors = ["tab:green" if r["tied_with_best"] else "tab:gray" for r in rows]
    for yy, e, lw, hw, c, r in zip(y, est, lo, hi, colors, rows, strict=True):
        ax.errorbar(e, yy, xerr=[[e - lw], [hw - e]], fmt="o", color=c, capsize=3)
        if r["variant"] == result["printed"]:
            ax.annotate("printed", (hw, yy), xytext=(4, 0), textcoords="offset points",
                        va="center", fontsize=8)
    ax.set_yticks(y, [r["variant"] for r in rows], fontsize=7)
    ax.set_xlabel("max |seat share - 1/n| (95% paired bootstrap); green: tied with best")
    ax.set_title(f"{result['game']} {result['players']}p finalists "
                 f"({result['final_games_per_table']} games each)", fontsize=9)
    ax = axes[1]
    for label in result["rungs"][0]["scores"]:
        xs = [r["games"] for r in result["rungs"] if label in r["scores"]]
        ys = [r["scores"][label] for r in result["rungs"] if label in r["scores"]]
        style = "-" if label in (result["printed"], result["best"]) else ":"
        ax.plot(xs, ys, style, lw=1.5 if label in (result["best"], result["printed"]) else 0.6,
                color="tab:red" if label == result["printed"] else
                "tab:green" if label == result["best"] else "0.6", marker="o", ms=3)
    ax.set_xscale("log", base=2)
    ax.set_xlabel("games per table (successive halving)")
    ax.set_ylabel("max |seat share - 1/n|")
    ax.set_title("race: red printed, green best", fontsize=9)
    fig.tight_layout()
    (folder / "plots").mkdir(exist_ok=True)
    return save_figure(fig, folder / "plots" / "balance.png", dpi=110)
