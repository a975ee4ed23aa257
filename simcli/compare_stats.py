"""The tests behind ``simcli compare``: one row per test, the game as the unit.

Every comparison is built from per-game observations taken from ``results.parquet``:

* a **game-level** column (``turns``, ``rounds``, ``otm_girl``, ``end_reason``: one value per
  game, repeated on every seat row) is reduced to one value per game before testing, so a
  4-player game counts once, not four times; a string column is tested level by level
  (the share of games with ``end_reason=date``; with ``otm_girl has Rin`` for values that
  name several levels joined by ``+``);
* a value that is the same in every game of each run (a seat's starting signatures) is
  set by the rules, not played: a change is reported, not tested;
* a **seat-level** column (``score``, ``win_share``, a seat's ``vp``) is tested per seat:
  seat ``s`` contributes one observation per game;
* a strategy's win share, and the win share by a seat attribute (a character, a Girl
  profile), are per game the mean win share of the seats that strategy or attribute holds.

When both runs played the same game indices with the same game seeds (a rerun after a card
change), every test is **paired** on the game index: McNemar's exact test for 0/1 values,
the paired t-test otherwise. Otherwise the runs are independent samples: a two-proportion
z-test (Newcombe interval) for 0/1 values, Welch's t-test otherwise. Means are what the
tables report, so the tests are tests of means (t); with hundreds of games per run the
t-tests are accurate for bounded game metrics. Intervals are 95% intervals of the mean
difference ``new - base``.

The whole family is then Holm-corrected (the same adjusted p-values as statsmodels'
``multipletests(method="holm")``).
"""
from __future__ import annotations

import math
import warnings
from dataclasses import dataclass, field

import numpy as np
import polars as pl
from scipy import stats as sps
from statsmodels.stats.contingency_tables import mcnemar

from simcli import stats

GROUP = ["variant", "n_players"]
ID_COLUMNS = ("game_index", "seed", "game", "variant", "n_players", "seat", "strategy",
              "score", "place", "win_share")
#: a string column with more distinct values than this is not tabulated by level
MAX_LEVELS = 12
ALPHA = 0.05
NONE_LEVEL = "(none)"
MULTI = "+"


# --------------------------------------------------------------------------- tests
def _is_binary(*arrays: np.ndarray) -> bool:
    return all(np.isin(a, (0.0, 1.0)).all() for a in arrays)


def paired_test(base: np.ndarray, new: np.ndarray) -> dict | None:
    """Paired comparison of ``new - base`` over the same games (aligned arrays)."""
    a = np.asarray(base, dtype=float)
    b = np.asarray(new, dtype=float)
    n = len(a)
    if n < 2:
        return None
    d = b - a
    mean = float(d.mean())
    sd = float(d.std(ddof=1))
    if sd == 0:
        lo = hi = mean
        p = 1.0 if mean == 0 else 0.0
        test = "McNemar" if _is_binary(a, b) else "paired t"
    else:
        res = sps.ttest_rel(b, a)
        ci = res.confidence_interval(0.95)
        lo, hi = float(ci.low), float(ci.high)
        p = float(res.pvalue)
        test = "paired t"
        if _is_binary(a, b):
            n01 = int(((a == 0) & (b == 1)).sum())
            n10 = int(((a == 1) & (b == 0)).sum())
            n11 = int(((a == 1) & (b == 1)).sum())
            table = [[n - n01 - n10 - n11, n01], [n10, n11]]
            p = float(mcnemar(table, exact=True).pvalue)
            test = "McNemar"
    return {"base": float(a.mean()), "new": float(b.mean()), "diff": mean, "ci_low": lo,
            "ci_high": hi, "p_value": p, "test": test, "n_base": n, "n_new": n,
            "sd": sd, "paired": True, "constant": bool(np.ptp(a) == 0 and np.ptp(b) == 0)}


def unpaired_test(base: np.ndarray, new: np.ndarray) -> dict | None:
    """Independent-samples comparison of the means of ``new`` and ``base``."""
    a = np.asarray(base, dtype=float)
    b = np.asarray(new, dtype=float)
    if len(a) < 2 or len(b) < 2:
        return None
    if _is_binary(a, b):
        r = stats.two_proportion(float(a.sum()), len(a), float(b.sum()), len(b))
        lo, hi, p, test = r["ci_low"], r["ci_high"], r["p_value"], "two-proportion z"
        sd = math.sqrt((a.var(ddof=1) + b.var(ddof=1)) / 2)
    else:
        sd = math.sqrt((a.var(ddof=1) + b.var(ddof=1)) / 2)
        mean = float(b.mean() - a.mean())
        if sd == 0:
            lo = hi = mean
            p = 1.0 if mean == 0 else 0.0
        else:
            res = sps.ttest_ind(b, a, equal_var=False)
            ci = res.confidence_interval(0.95)
            lo, hi, p = float(ci.low), float(ci.high), float(res.pvalue)
        test = "Welch t"
    return {"base": float(a.mean()), "new": float(b.mean()), "diff": float(b.mean() - a.mean()),
            "ci_low": float(lo), "ci_high": float(hi), "p_value": float(p), "test": test,
            "n_base": len(a), "n_new": len(b), "sd": float(sd), "paired": False,
            "constant": bool(np.ptp(a) == 0 and np.ptp(b) == 0)}


def games_needed(row: dict, alpha: float, power: float = 0.8) -> int | None:
    """Games per run for a test at ``alpha`` to detect ``row['diff']`` with ``power``
    (normal approximation; paired: sd of the differences; unpaired: pooled sd)."""
    diff, sd = abs(row["diff"]), row.get("sd") or 0.0
    if diff < 1e-12 or sd == 0:
        return None
    z = float(sps.norm.ppf(1 - alpha / 2) + sps.norm.ppf(power))
    factor = 1 if row["paired"] else 2
    return int(math.ceil(factor * (z * sd / diff) ** 2))


def holm_adjust(pvals: np.ndarray) -> np.ndarray:
    """Holm step-down adjusted p-values (:func:`simcli.stats.holm_adjust`) as an array."""
    p = np.clip(np.asarray(pvals, dtype=float), 0.0, 1.0)
    return np.asarray(stats.holm_adjust([float(x) for x in p]), dtype=float)


def holm(rows: list[dict], alpha: float = ALPHA) -> None:
    """Add ``p_holm`` and ``significant`` to every row (Holm over the whole family)."""
    if not rows:
        return
    adjusted = holm_adjust(np.array([r["p_value"] for r in rows]))
    for r, adj in zip(rows, adjusted, strict=True):
        r["p_holm"] = float(adj)
        r["significant"] = bool(adj < alpha)


# ----------------------------------------------------------------------- per-game data
@dataclass
class Columns:
    """How each extra column of the results is tested."""

    game_numeric: list[str]
    game_levels: list[str]
    seat_numeric: list[str]
    seat_levels: list[str]
    skipped: list[str]
    #: game-level strings naming several values joined by "+" (tied One True Match Girls)
    game_multi: list[str] = field(default_factory=list)
    #: rows whose value is the same in every game of each run but differs between runs
    fixed: list[dict] = field(default_factory=list)


def classify(base: pl.DataFrame, new: pl.DataFrame) -> Columns:
    """Split the columns both results share into game-level and seat-level, numeric and
    categorical. A column is game-level when it holds one value per game in both runs."""
    shared = [c for c in base.columns if c in new.columns and c not in ID_COLUMNS]

    def per_game_constant(df: pl.DataFrame) -> set[str]:
        if not shared:
            return set()
        keys = [*GROUP, "game_index"]
        counts = df.group_by(keys).agg(pl.col(c).drop_nulls().n_unique() for c in shared)
        top = counts.select(pl.col(c).max() for c in shared).row(0, named=True)
        return {c for c, v in top.items() if v is not None and v <= 1}

    constant = per_game_constant(base) & per_game_constant(new)
    out = Columns([], [], [], [], [])
    for col in shared:
        dtype = base.schema[col]
        game = col in constant
        if dtype.is_numeric() or dtype == pl.Boolean:
            (out.game_numeric if game else out.seat_numeric).append(col)
        elif dtype == pl.String:
            levels_b = set(base[col].drop_nulls().unique())
            levels_n = set(new[col].drop_nulls().unique())
            levels = levels_b | levels_n
            parts = {p for v in levels for p in v.split(MULTI)}
            if not levels or (game and len(levels_b) <= 1 and len(levels_n) <= 1):
                # empty, or a stamp of the run's set-up (one value per run)
                out.skipped.append(col)
            elif len(levels) > MAX_LEVELS and game and len(parts) <= MAX_LEVELS:
                out.game_multi.append(col)  # "Yuki+Katsumi": ties name each
            elif len(levels) > MAX_LEVELS:
                out.skipped.append(col)
            else:
                (out.game_levels if game else out.seat_levels).append(col)
        else:
            out.skipped.append(col)
    return out


def pairing(base: pl.DataFrame, new: pl.DataFrame) -> dict:
    """Whether the runs share game indices and game seeds, per (variant, n_players)."""
    keys = [*GROUP, "game_index"]
    b = base.select(*keys, "seed").unique(keys)
    n = new.select(*keys, "seed").unique(keys)
    joined = b.join(n, on=keys, suffix="_new")
    same = joined.filter(pl.col("seed") == pl.col("seed_new")).height
    return {"paired": joined.height > 0 and same == joined.height,
            "common_games": joined.height, "base_games": b.height, "new_games": n.height}


def _short(level: str, width: int = 20) -> str:
    return level if len(level) <= width else level[: width - 1] + "…"


def _values(df: pl.DataFrame, key: list[str], value: pl.Expr) -> pl.DataFrame:
    return df.group_by(key).agg(value.alias("v"))


def _test(b: pl.DataFrame, n: pl.DataFrame, key: list[str], paired: bool) -> dict | None:
    """Test the column ``v`` of two frames keyed by ``key`` (paired: joined on it)."""
    with warnings.catch_warnings():
        # scipy warns on nearly constant samples; the p-value is still the right one
        warnings.simplefilter("ignore", RuntimeWarning)
        return _test_quiet(b, n, key, paired)


def _test_quiet(b: pl.DataFrame, n: pl.DataFrame, key: list[str], paired: bool
                ) -> dict | None:
    if paired:
        j = b.join(n, on=key, suffix="_new").drop_nulls(["v", "v_new"])
        return paired_test(j["v"].to_numpy(), j["v_new"].to_numpy())
    return unpaired_test(b["v"].drop_nulls().to_numpy(), n["v"].drop_nulls().to_numpy())


def family(base: pl.DataFrame, new: pl.DataFrame, pairs: dict[tuple, dict]) -> tuple[
        list[dict], Columns]:
    """Every test of a comparison (before correction), each a dict with its ``table``."""
    cols = classify(base, new)
    rows: list[dict] = []
    fixed: list[dict] = []
    groups = base.select(GROUP).unique(maintain_order=True).rows()
    for variant, n_players in groups:
        where = (pl.col("variant") == variant) & (pl.col("n_players") == n_players)
        b, n = base.filter(where), new.filter(where)
        if n.is_empty():
            continue
        paired = pairs[(variant, n_players)]["paired"]
        if paired:
            common = b.select("game_index").unique().join(n.select("game_index").unique(),
                                                          on="game_index")
            b = b.join(common, on="game_index")
            n = n.join(common, on="game_index")
        tag = {"variant": variant, "n_players": n_players}

        def add(table: str, label: str, res: dict | None, tag=tag, **subject) -> None:
            if res is None:
                return
            if res.get("constant"):
                # the same value in every game of each run: set by the rules, not played
                if res["diff"] != 0:
                    fixed.append({"table": table, **tag, "label": label, **subject,
                                  "base": res["base"], "new": res["new"]})
                return
            rows.append({"table": table, **tag, "label": label, **subject, **res})

        seats = sorted(set(b["seat"].unique()) & set(n["seat"].unique()))
        gkey = ["game_index"]
        # seat win share and score: one observation per game per seat
        for seat in seats:
            bs, ns = b.filter(pl.col("seat") == seat), n.filter(pl.col("seat") == seat)
            for table, col in (("seat win share", "win_share"), ("score per seat", "score")):
                add(table, f"seat {seat}", _test(_values(bs, gkey, pl.col(col).first()),
                                                 _values(ns, gkey, pl.col(col).first()),
                                                 gkey, paired), seat=seat)
        # strategy win share: per game, the mean share of the seats the strategy holds
        for strat in sorted(set(b["strategy"].unique()) & set(n["strategy"].unique())):
            bs, ns = b.filter(pl.col("strategy") == strat), n.filter(pl.col("strategy") == strat)
            add("strategy win share", strat,
                _test(_values(bs, gkey, pl.col("win_share").mean()),
                      _values(ns, gkey, pl.col("win_share").mean()), gkey, paired),
                strategy=strat)
        # game-level metrics: once per game
        bg = b.group_by(gkey).agg(pl.all().first())
        ng = n.group_by(gkey).agg(pl.all().first())
        for col in cols.game_numeric:
            if col not in bg.columns or col not in ng.columns:
                continue
            expr = pl.col(col).cast(pl.Float64).alias("v")
            add("game metrics (once per game)", f"mean {col}",
                _test(bg.select(*gkey, expr), ng.select(*gkey, expr), gkey, paired),
                metric=col)
        for col in cols.game_multi:
            bl = bg[col].fill_null(NONE_LEVEL).str.split(MULTI)
            nl = ng[col].fill_null(NONE_LEVEL).str.split(MULTI)
            levels = set(bl.explode().unique()) | set(nl.explode().unique())
            for level in sorted(levels):
                add("game outcomes (share of games)", f"{col} has {_short(level or NONE_LEVEL)}",
                    _test(bg.select(*gkey, bl.list.contains(level).cast(pl.Float64).alias("v")),
                          ng.select(*gkey, nl.list.contains(level).cast(pl.Float64).alias("v")),
                          gkey, paired), metric=col, level=level)
        for col in cols.game_levels:
            if col not in bg.columns or col not in ng.columns:
                continue
            bl = bg[col].fill_null(NONE_LEVEL)
            nl = ng[col].fill_null(NONE_LEVEL)
            for level in sorted(set(bl.unique()) | set(nl.unique())):
                add("game outcomes (share of games)", f"{col}={_short(level)}",
                    _test(bg.select(*gkey, (bl == level).cast(pl.Float64).alias("v")),
                          ng.select(*gkey, (nl == level).cast(pl.Float64).alias("v")),
                          gkey, paired), metric=col, level=level)
        # win share by a seat attribute (character, girl profile...): per game
        for col in cols.seat_levels:
            bl = b.with_columns(pl.col(col).fill_null(NONE_LEVEL))
            nl = n.with_columns(pl.col(col).fill_null(NONE_LEVEL))
            for level in sorted(set(bl[col].unique()) | set(nl[col].unique())):
                bs, ns = bl.filter(pl.col(col) == level), nl.filter(pl.col(col) == level)
                add(f"win share by {col}", f"{col}={_short(level)}",
                    _test(_values(bs, gkey, pl.col("win_share").mean()),
                          _values(ns, gkey, pl.col("win_share").mean()), gkey, paired),
                    metric=col, level=level)
        # seat metrics: per seat, one observation per game
        for col in cols.seat_numeric:
            for seat in seats:
                bs, ns = b.filter(pl.col("seat") == seat), n.filter(pl.col("seat") == seat)
                expr = pl.col(col).cast(pl.Float64).first()
                add("seat metrics (per seat)", f"{col} seat {seat}",
                    _test(_values(bs, gkey, expr), _values(ns, gkey, expr), gkey, paired),
                    metric=col, seat=seat)
    cols.fixed = fixed
    return rows, cols


def summary_rows(base: dict, new: dict) -> list[dict]:
    """Without results.parquet: seat and strategy win share (two-proportion) and score
    per seat (Welch's t from the means and sds) from the two summaries."""
    rows = []
    for table, key, part in (("seat win share", "seat", "seats"),
                             ("strategy win share", "strategy", "strategy_table")):
        new_by = {(r["variant"], r["n_players"], r[key]): r for r in new[part]}
        for b in base[part]:
            n = new_by.get((b["variant"], b["n_players"], b[key]))
            if n is None:
                continue
            r = stats.two_proportion(b["wins"], b["games"], n["wins"], n["games"])
            p = (r["base"] + r["new"]) / 2
            rows.append({"table": table, "variant": b["variant"], "n_players": b["n_players"],
                         "label": f"seat {b[key]}" if key == "seat" else b[key], key: b[key],
                         **r, "test": "two-proportion z", "n_base": b["games"],
                         "n_new": n["games"], "sd": math.sqrt(p * (1 - p)), "paired": False})
            if key == "seat":
                sd_b, sd_n = b.get("sd_score") or 0.0, n.get("sd_score") or 0.0
                diff = n["mean_score"] - b["mean_score"]
                if sd_b == 0 and sd_n == 0:
                    pv, lo, hi = (1.0 if diff == 0 else 0.0), diff, diff
                else:
                    pv = float(sps.ttest_ind_from_stats(
                        n["mean_score"], sd_n, n["games"], b["mean_score"], sd_b, b["games"],
                        equal_var=False).pvalue)
                    se = math.sqrt(sd_b ** 2 / b["games"] + sd_n ** 2 / n["games"])
                    lo, hi = diff - stats.Z95 * se, diff + stats.Z95 * se
                rows.append({"table": "score per seat", "variant": b["variant"],
                             "n_players": b["n_players"], "label": f"seat {b[key]}",
                             "seat": b[key], "base": b["mean_score"], "new": n["mean_score"],
                             "diff": diff, "ci_low": lo, "ci_high": hi, "p_value": pv,
                             "test": "Welch t (summary)", "n_base": b["games"],
                             "n_new": n["games"], "sd": math.sqrt((sd_b ** 2 + sd_n ** 2) / 2),
                             "paired": False})
    return rows
