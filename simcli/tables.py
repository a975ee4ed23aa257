"""Polars aggregations of results.parquet: seats, strategies, end reasons, lengths.

Every table is grouped by ``variant`` and ``n_players`` so a sweep's single results file
and a plain run are summarised by the same code.
"""
from __future__ import annotations

import polars as pl

from simcli import stats

GROUP = ["variant", "n_players"]


def _in_run_order(out: pl.DataFrame, df: pl.DataFrame, *rest: str,
                  descending: bool = False) -> pl.DataFrame:
    """Sort by variant in the order the run played them (not alphabetically), then
    player count and ``rest``."""
    order = {v: i for i, v in enumerate(df["variant"].unique(maintain_order=True).to_list())}
    keyed = out.with_columns(pl.col("variant").replace_strict(order, return_dtype=pl.Int64)
                             .alias("_order"))
    by = ["_order", "n_players", *rest]
    desc = [False, False, *([descending] * len(rest))]
    return keyed.sort(by, descending=desc, maintain_order=True).drop("_order")


def group_keys(df: pl.DataFrame) -> list[str]:
    """The grouping columns (variant, n_players) present in a results frame."""
    return [c for c in GROUP if c in df.columns]


def with_intervals(df: pl.DataFrame, wins: str = "wins", n: str = "games",
                   prefix: str = "") -> pl.DataFrame:
    """Add ``ci_low``/``ci_high``: the 95% Wilson interval of ``wins / n`` per row
    (wins may be fractional: shared wins)."""
    bounds = [stats.wilson(float(w), float(g)) for w, g in zip(df[wins].to_list(),
                                                               df[n].to_list(), strict=True)]
    return df.with_columns(
        pl.Series(f"{prefix}ci_low", [b[0] for b in bounds], dtype=pl.Float64),
        pl.Series(f"{prefix}ci_high", [b[1] for b in bounds], dtype=pl.Float64),
    )


def seat_table(df: pl.DataFrame) -> pl.DataFrame:
    """Per variant, player count and seat: games, wins, win share with 95% Wilson
    interval, fair share, mean and sd of score, mean place."""
    n_seats = df.group_by(GROUP).agg(pl.col("seat").n_unique().alias("seats"))
    out = (
        df.group_by([*GROUP, "seat"])
        .agg(
            pl.len().alias("games"),
            pl.col("win_share").sum().alias("wins"),
            pl.col("score").mean().alias("mean_score"),
            pl.col("score").std().alias("sd_score"),
            pl.col("place").mean().alias("mean_place"),
        )
        .join(n_seats, on=GROUP)
        .with_columns(
            (pl.col("wins") / pl.col("games")).alias("win_share"),
            (1.0 / pl.col("seats")).alias("fair_share"),
        )
    )
    out = _in_run_order(out, df, "seat")
    return with_intervals(out).select(
        *GROUP, "seat", "games", "wins", "win_share", "ci_low", "ci_high", "fair_share",
        "mean_score", "sd_score", "mean_place",
    )


def strategy_table(df: pl.DataFrame) -> pl.DataFrame:
    """Per variant, player count and strategy (seats rotated): appearances, win share
    with 95% interval, mean score and mean place."""
    out = (
        df.group_by([*GROUP, "strategy"])
        .agg(
            pl.len().alias("games"),
            pl.col("win_share").sum().alias("wins"),
            pl.col("score").mean().alias("mean_score"),
            pl.col("place").mean().alias("mean_place"),
        )
        .with_columns((pl.col("wins") / pl.col("games")).alias("win_share"))
    )
    out = _in_run_order(out, df, "win_share", descending=True)
    return with_intervals(out).select(
        *GROUP, "strategy", "games", "wins", "win_share", "ci_low", "ci_high", "mean_score",
        "mean_place",
    )


def games_frame(df: pl.DataFrame) -> pl.DataFrame:
    """One row per game (the seat-1 row)."""
    return df.filter(pl.col("seat") == 1)


def end_reason_table(df: pl.DataFrame) -> pl.DataFrame:
    """How often each end condition was reached."""
    games = games_frame(df)
    totals = games.group_by(GROUP).agg(pl.len().alias("total"))
    out = (
        games.group_by([*GROUP, "end_reason"]).agg(pl.len().alias("games"))
        .join(totals, on=GROUP)
        .with_columns((pl.col("games") / pl.col("total")).alias("share"))
        .drop("total")
    )
    return _in_run_order(out, df, "games", descending=True)


def length_table(df: pl.DataFrame) -> pl.DataFrame:
    """Game length (turns as the game counts them, and decisions) per variant."""
    out = games_frame(df).group_by(GROUP).agg(
        pl.len().alias("games"),
        pl.col("turns").mean().alias("mean_turns"),
        pl.col("turns").median().alias("median_turns"),
        pl.col("turns").min().alias("min_turns"),
        pl.col("turns").max().alias("max_turns"),
        pl.col("decisions").mean().alias("mean_decisions"),
    )
    return _in_run_order(out, df)


def fairness_table(df: pl.DataFrame) -> pl.DataFrame:
    """Per variant and player count: first-player advantage (interval, binomial p,
    games needed), chi-square over seats, and the largest |seat share - fair share|.

    Solo games against an automaton (Ed in Class of '89) have no seat fairness: their
    rows are left out (the game's own tables report the win share against it)."""
    seats = seat_table(df)
    rows = []
    for (variant, n_players), group in seats.group_by(GROUP, maintain_order=True):
        group = group.sort("seat")
        if len(group) != n_players:
            continue
        games = int(group["games"][0])
        n_seats = len(group)
        fpa = stats.first_player_advantage(float(group["wins"][0]), games, n_seats)
        chi, p = stats.chi_square_seats(group["wins"].to_list())
        max_dev = float((group["win_share"] - group["fair_share"]).abs().max())
        rows.append({
            "variant": variant, "n_players": n_players, "games": games,
            "first_player_advantage": fpa["advantage"], "fpa_ci_low": fpa["ci_low"],
            "fpa_ci_high": fpa["ci_high"], "fpa_p_value": fpa["p_value"],
            "fpa_games_needed": fpa["games_needed"], "chi_square": chi, "chi_p_value": p,
            "max_seat_deviation": max_dev,
        })
    schema = {"variant": pl.String, "n_players": pl.Int64, "games": pl.Int64,
              "first_player_advantage": pl.Float64, "fpa_ci_low": pl.Float64,
              "fpa_ci_high": pl.Float64, "fpa_p_value": pl.Float64,
              "fpa_games_needed": pl.Int64, "chi_square": pl.Float64,
              "chi_p_value": pl.Float64, "max_seat_deviation": pl.Float64}
    return pl.DataFrame(rows, schema=schema)


def score_quantiles(df: pl.DataFrame) -> pl.DataFrame:
    """Score distribution per seat: quartiles and extremes."""
    out = df.group_by([*GROUP, "seat"]).agg(
        pl.col("score").min().alias("min"),
        pl.col("score").quantile(0.25).alias("q25"),
        pl.col("score").median().alias("median"),
        pl.col("score").quantile(0.75).alias("q75"),
        pl.col("score").max().alias("max"),
    )
    return _in_run_order(out, df, "seat")
