"""Balance sweeps: many rules variants on the same game seeds, and their comparison.

Every variant plays games ``0..n-1`` with the same game seeds and seat rotation (common
random numbers), so differences between variants are paired by ``game_index``.
"""
from __future__ import annotations

import itertools
import math
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl

from simcli import __version__, stats, tables, validate
from simcli.execute import RunPlan, check_strategies, reproduce_command
from simcli.games import get_game
from simcli.runner import RunConfig, toml_value
from simcli.scenario import (
    ScenarioError,
    apply_overrides,
    build_data,
    compile_check,
    game_has_schema,
    load_scenario,
)

BOOTSTRAP = 400


def expand_variants(scen) -> list[dict[str, Any]]:
    """The scenario's variants: an explicit list, a grid (cartesian product), or one
    ``default`` variant. Each is ``{"name", "rules", "grid"}``."""
    if scen.variants and scen.grid:
        raise ScenarioError(f"scenario {str(scen.path)!r}: use either [[variant]] or [grid], "
                            "not both")
    if scen.variants:
        names = [v["name"] for v in scen.variants]
        dup = sorted({n for n in names if names.count(n) > 1})
        if dup:
            raise ScenarioError(f"scenario {str(scen.path)!r}: variant name {dup[0]!r} is used "
                                "twice")
        return [{"name": v["name"], "rules": dict(v.get("rules", {})), "grid": {}}
                for v in scen.variants]
    if scen.grid:
        validate.grid_size(scen.grid, f"scenario {str(scen.path)!r}")
        for key, values in scen.grid.items():
            if not isinstance(values, list) or not values:
                raise ScenarioError(f"scenario {str(scen.path)!r}: grid.{key} must be a "
                                    "non-empty list of values")
            shown = [toml_value(v) for v in values]
            dup = sorted({v for v in shown if shown.count(v) > 1})
            if dup:
                raise ScenarioError(f"scenario {str(scen.path)!r}: grid.{key} lists {dup[0]} "
                                    "twice")
        keys = list(scen.grid)
        out = []
        for combo in itertools.product(*(scen.grid[k] for k in keys)):
            rules = dict(zip(keys, combo, strict=True))
            name = ", ".join(f"{k}={toml_value(v)}" for k, v in rules.items())
            out.append({"name": name, "rules": rules, "grid": rules})
        return out
    return [{"name": "default", "rules": {}, "grid": {}}]


def plan_sweep(path: str | Path, *, games: int | None = None, seed: int | None = None,
               players: list[int] | None = None, strategies: list[str] | None = None,
               out: str | Path | None = None) -> RunPlan:
    """Validate a sweep scenario (every variant x player count) and return its plan."""
    scen = load_scenario(path)
    g = get_game(scen.game)
    counts = players or scen.players or [g.default_players]
    bad = [n for n in counts if n not in g.players]
    if bad:
        valid = ", ".join(str(n) for n in g.players)
        raise ScenarioError(f"scenario {str(path)!r}: players: {scen.game} takes {valid} "
                            f"players, not {bad[0]}")
    n_games = games or scen.games or 1000
    seed = seed if seed is not None else (scen.seed if scen.seed is not None else 1)
    validate.seed(seed)
    validate.games(n_games)
    specs = check_strategies(scen.game, list(strategies or scen.strategies))
    base, data_file, digest = build_data(scen.game, scen.data, {})
    variants = expand_variants(scen)
    configs = []
    for v in variants:
        merged = {**scen.rules, **v["rules"]}
        try:
            data = apply_overrides(base, merged, shape=not game_has_schema(scen.game))
        except ScenarioError as exc:
            raise ScenarioError(f"variant {v['name']!r}: {exc}") from None
        for n in counts:
            try:
                compile_check(scen.game, data, n)
            except ScenarioError as exc:
                raise ScenarioError(f"variant {v['name']!r}, {n} players: {exc}") from None
            configs.append(RunConfig(game=scen.game, n_players=n, strategies=specs,
                                     n_games=n_games, seed=seed, data=data, overrides=merged,
                                     data_file=data_file, data_hash=digest,
                                     variant=v["name"]))
    from simcli.execute import run_suffix

    suffix = run_suffix(strategies=list(strategies or []), players=players,
                        games=games)
    folder = Path(out) if out else Path("reports") / f"sweep-{Path(path).stem}-{seed}{suffix}"
    meta = {
        "simcli_version": __version__, "game": scen.game, "rules_version": g.RULES_VERSION,
        "players": counts, "games": n_games, "seed": seed, "strategies": list(specs),
        "overrides": scen.rules, "data_file": data_file, "data_hash": digest,
        "variants": variants, "scenario": str(path), "sweep": True,
        "command": f"simcli sweep {path} --games {n_games} --seed {seed}",
        "variant_commands": {c.variant + f" {c.n_players}p": reproduce_command(c)
                             for c in configs},
    }
    return RunPlan(game=scen.game, configs=configs, folder=folder, meta=meta)


def swept_keys(variants: list[dict]) -> list[str]:
    """The rules keys a sweep varies: every key of a variant's rules whose value is not
    the same in all variants (a key missing from some variants counts), sorted."""
    keys = sorted({k for v in variants for k in v.get("rules", {})})
    out = []
    for k in keys:
        shown = {toml_value(v["rules"][k]) if k in v.get("rules", {}) else "<unset>"
                 for v in variants}
        if len(shown) > 1:
            out.append(k)
    return out


def _reads_key(key: str, read: set[str]) -> bool:
    return any(key == r or key.startswith(r + ".") or r.startswith(key + ".") for r in read)


def unread_rules_keys(game: str, strategies: list[str], variants: list[dict]) -> list[str]:
    """The swept rules keys that no participating strategy declares it reads (see
    ``strategies.Bot.reads``): a sweep over them measures the rules arithmetic with
    players who do not respond to the change."""
    from strategies import UnknownStrategyError, default_mix, rules_read

    try:
        read = rules_read(game, list(strategies) or list(default_mix(game)))
    except UnknownStrategyError:
        read = set()
    return [k for k in swept_keys(variants) if not _reads_key(k, read)]


# ------------------------------------------------------------------------- analysis
def _seat_matrix(df: pl.DataFrame) -> tuple[np.ndarray, np.ndarray]:
    """(game indices, win-share matrix games x seats) of one variant and player count."""
    wide = (df.select("game_index", "seat", "win_share")
            .pivot(on="seat", index="game_index", values="win_share", sort_columns=True)
            .sort("game_index"))
    seats = [c for c in wide.columns if c != "game_index"]
    seats.sort(key=int)
    return wide["game_index"].to_numpy(), wide.select(seats).fill_null(0).to_numpy()


def paired_table(df: pl.DataFrame, baseline: str) -> pl.DataFrame:
    """Per variant (against ``baseline``), player count and seat: the paired difference
    of win share over the games both played (same seeds), with a t interval."""
    rows = []
    for n in sorted(df["n_players"].unique().to_list()):
        sub = df.filter(pl.col("n_players") == n)
        base = sub.filter(pl.col("variant") == baseline)
        if base.is_empty():
            continue
        bidx, bmat = _seat_matrix(base)
        for variant in _variants_in_order(sub):
            if variant == baseline:
                continue
            vidx, vmat = _seat_matrix(sub.filter(pl.col("variant") == variant))
            common, bi, vi = np.intersect1d(bidx, vidx, return_indices=True)
            seats = min(bmat.shape[1], vmat.shape[1])
            for s in range(seats):
                res = stats.paired_difference(bmat[bi, s], vmat[vi, s])
                rows.append({"variant": variant, "n_players": n, "seat": s + 1,
                             "games": len(common), "baseline_share": float(bmat[bi, s].mean()),
                             "share": float(vmat[vi, s].mean()), "diff": res["diff"],
                             "ci_low": res["ci_low"], "ci_high": res["ci_high"],
                             "p_value": res["p_value"]})
    if not rows:
        return pl.DataFrame()
    from statsmodels.stats.multitest import multipletests

    out = pl.DataFrame(rows)
    reject, q, _, _ = multipletests(out["p_value"].fill_nan(1.0).to_numpy(), alpha=0.05,
                                    method="fdr_bh")
    return out.with_columns(pl.Series("q_value_bh", q), pl.Series("discovery", reject))


def _variants_in_order(df: pl.DataFrame) -> list[str]:
    return df["variant"].unique(maintain_order=True).to_list()


def _max_dev(mat: np.ndarray) -> float:
    fair = 1.0 / mat.shape[1]
    return float(np.abs(mat.mean(axis=0) - fair).max())


def ranking_table(df: pl.DataFrame) -> pl.DataFrame:
    """Variants ranked by fairness (largest |seat share - 1/n|, smaller is fairer), per
    player count, on the games every variant played: paired bootstrap intervals of both
    unfairness measures, which variants are tied with the fairest (BH-corrected), and how
    many games per variant would separate the top two (see :mod:`simcli.ranking`)."""
    from simcli import ranking

    fair = tables.fairness_table(df)
    rows = []
    for n in sorted(fair["n_players"].unique().to_list()):
        sub = df.filter(pl.col("n_players") == n)
        names = [v for v in _variants_in_order(sub)
                 if not fair.filter((pl.col("variant") == v)
                                    & (pl.col("n_players") == n)).is_empty()]
        if not names:
            continue
        mats = [_seat_matrix(sub.filter(pl.col("variant") == v)) for v in names]
        common = mats[0][0]
        for idx, _ in mats[1:]:
            common = np.intersect1d(common, idx)
        stacked = np.stack([m[np.searchsorted(idx, common)] for idx, m in mats])
        fpa = {r["variant"]: r["first_player_advantage"]
               for r in fair.filter(pl.col("n_players") == n).iter_rows(named=True)}
        for row in ranking.rank(names, stacked):
            rows.append({"n_players": n, **row,
                         "first_player_advantage": fpa[row["variant"]]})
    schema = {"separated_from_next": pl.Boolean, "games_needed": pl.Int64,
              "p_vs_best": pl.Float64}
    return pl.DataFrame(rows, schema_overrides=schema) if rows else pl.DataFrame()


def separate_top_two(df: pl.DataFrame, a: str, b: str) -> tuple[bool, int | None]:
    """Paired bootstrap of the fairness-score difference between variants a and b."""
    aidx, amat = _seat_matrix(df.filter(pl.col("variant") == a))
    bidx, bmat = _seat_matrix(df.filter(pl.col("variant") == b))
    common, ai, bi = np.intersect1d(aidx, bidx, return_indices=True)
    amat, bmat = amat[ai], bmat[bi]
    n = len(common)
    if n < 10:
        return False, None
    rng = np.random.default_rng(12345)
    diffs = np.empty(BOOTSTRAP)
    for k in range(BOOTSTRAP):
        pick = rng.integers(0, n, n)
        diffs[k] = _max_dev(amat[pick]) - _max_dev(bmat[pick])
    lo, hi = np.percentile(diffs, [2.5, 97.5])
    separated = bool(hi < 0 or lo > 0)
    if separated:
        return True, None
    delta = abs(_max_dev(amat) - _max_dev(bmat))
    sd = float(diffs.std(ddof=1))
    if delta < 1e-9 or sd == 0:
        return False, None
    return False, int(math.ceil(n * ((stats.Z95 + 0.8416) * sd / delta) ** 2))


def sweep_tables(df: pl.DataFrame, variants: list[dict]) -> dict[str, pl.DataFrame]:
    baseline = variants[0]["name"] if variants else _variants_in_order(df)[0]
    out = {"ranking": ("Variants ranked by fairness (max |seat share - 1/n|; smaller is "
                       "fairer; 95% paired bootstrap intervals; tied_with_best: "
                       "Benjamini-Hochberg)", ranking_table(df))}
    paired = paired_table(df, baseline)
    if not paired.is_empty():
        out["paired_vs_baseline"] = (
            f"Paired difference of seat win share against {baseline!r} (same seeds; "
            "discovery: Benjamini-Hochberg q < 0.05)", paired)
    return out
