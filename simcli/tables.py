"""Polars aggregations of results.parquet: seats, strategies, end reasons, lengths.

Every table is grouped by ``variant`` and ``n_players`` so a sweep's single results file
and a plain run are summarised by the same code. Each function takes a DataFrame or a
LazyFrame (``pl.scan_parquet``) and aggregates with polars' streaming engine, so
summarising a results file takes memory flat in its number of games.
"""
from __future__ import annotations

import bisect
import itertools

import polars as pl

from simcli import stats

GROUP = ["variant", "n_players"]
Frame = pl.DataFrame | pl.LazyFrame


def _collect(lf: pl.LazyFrame) -> pl.DataFrame:
    return lf.collect(engine="streaming")


def variant_order(df: Frame) -> list[str]:
    """Variants in the order the run played them (their first row in the file)."""
    first = _collect(df.lazy().select("variant").with_row_index("_row")
                     .group_by("variant").agg(pl.col("_row").min()))
    return first.sort("_row")["variant"].to_list()


def _in_run_order(out: pl.DataFrame, df: Frame, *rest: str,
                  descending: bool = False, tiebreak: tuple[str, ...] = ()) -> pl.DataFrame:
    """Sort by variant in the order the run played them (not alphabetically), then
    player count and ``rest``, then ``tiebreak`` ascending: a group_by's rows come in no
    fixed order, so rows tied on ``rest`` need it for the same run to give the same table."""
    order = {v: i for i, v in enumerate(variant_order(df))}
    keyed = out.with_columns(pl.col("variant").replace_strict(order, return_dtype=pl.Int64)
                             .alias("_order"))
    by = ["_order", "n_players", *rest, *tiebreak]
    desc = [False, False, *([descending] * len(rest)), *([False] * len(tiebreak))]
    return keyed.sort(by, descending=desc, maintain_order=True).drop("_order")


def group_keys(df: Frame) -> list[str]:
    """The grouping columns (variant, n_players) present in a results frame."""
    names = df.collect_schema().names() if isinstance(df, pl.LazyFrame) else df.columns
    return [c for c in GROUP if c in names]


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


def seat_table(df: Frame) -> pl.DataFrame:
    """Per variant, player count and seat: games, wins, win share with 95% Wilson
    interval, fair share, mean and sd of score, mean place."""
    out = _collect(
        df.lazy().group_by([*GROUP, "seat"])
        .agg(
            pl.len().alias("games"),
            pl.col("win_share").sum().alias("wins"),
            pl.col("score").mean().alias("mean_score"),
            pl.col("score").std().alias("sd_score"),
            pl.col("place").mean().alias("mean_place"),
        ))
    out = (
        out.with_columns(pl.col("seat").n_unique().over(GROUP).alias("seats"))
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


def strategy_table(df: Frame) -> pl.DataFrame:
    """Per variant, player count and strategy (seats rotated): the games it played in,
    its seats (appearances; more than games when a strategy fills several seats), win
    share per seat with 95% interval, mean score and mean place."""
    out = _collect(
        df.lazy().group_by([*GROUP, "strategy"])
        .agg(
            pl.col("game_index").n_unique().alias("games"),
            pl.len().alias("seats"),
            pl.col("win_share").sum().alias("wins"),
            pl.col("score").mean().alias("mean_score"),
            pl.col("place").mean().alias("mean_place"),
        )
        .with_columns((pl.col("wins") / pl.col("seats")).alias("win_share"))
    )
    out = _in_run_order(out, df, "win_share", descending=True, tiebreak=("strategy",))
    return with_intervals(out, n="seats").select(
        *GROUP, "strategy", "games", "seats", "wins", "win_share", "ci_low", "ci_high",
        "mean_score", "mean_place",
    )


def games_frame(df: Frame) -> Frame:
    """One row per game (the seat-1 row)."""
    return df.filter(pl.col("seat") == 1)


def game_count(df: Frame) -> int:
    return int(_collect(games_frame(df.lazy()).select(pl.len())).item())


def end_reason_table(df: Frame) -> pl.DataFrame:
    """How often each end condition was reached."""
    out = _collect(games_frame(df.lazy()).group_by([*GROUP, "end_reason"])
                   .agg(pl.len().alias("games")))
    out = out.with_columns((pl.col("games") / pl.col("games").sum().over(GROUP))
                           .alias("share"))
    return _in_run_order(out, df, "games", descending=True, tiebreak=("end_reason",))


def _quantiles(counts: pl.DataFrame, keys: list[str], value: str,
               qs: dict[str, float]) -> pl.DataFrame:
    """Quantiles (nearest rank, ties to even) per group from a table of value counts:
    the streaming engine counts values in flat memory, where exact quantiles over the raw
    column would hold it whole."""
    rows = []
    for key, part in counts.sort([*keys, value]).group_by(keys, maintain_order=True):
        values = part[value].to_list()
        cum = list(itertools.accumulate(part["count"].to_list()))
        n = cum[-1]
        row = dict(zip(keys, key, strict=True))
        for name, q in qs.items():
            k = round(q * (n - 1))
            row[name] = values[bisect.bisect_right(cum, k)]
        rows.append(row)
    return pl.DataFrame(rows)


def _value_counts(lf: pl.LazyFrame, keys: list[str], value: str) -> pl.DataFrame:
    return _collect(lf.group_by([*keys, value]).agg(pl.len().alias("count")))


def turn_counts(df: Frame) -> pl.DataFrame:
    """Games per length: (variant, n_players, turns, games)."""
    return _collect(games_frame(df.lazy()).group_by([*GROUP, "turns"])
                    .agg(pl.len().alias("games")))


def length_table(df: Frame) -> pl.DataFrame:
    """Game length (turns as the game counts them, and decisions) per variant."""
    games = games_frame(df.lazy())
    out = _collect(games.group_by(GROUP).agg(
        pl.len().alias("games"),
        pl.col("turns").mean().alias("mean_turns"),
        pl.col("turns").min().alias("min_turns"),
        pl.col("turns").max().alias("max_turns"),
        pl.col("decisions").mean().alias("mean_decisions"),
    ))
    median = _quantiles(_value_counts(games, GROUP, "turns"), GROUP, "turns",
                        {"median_turns": 0.5})
    out = out.join(median, on=GROUP).select(
        *GROUP, "games", "mean_turns", "median_turns", "min_turns", "max_turns",
        "mean_decisions")
    return _in_run_order(out, df)


def fairness_table(df: Frame) -> pl.DataFrame:
    """Per variant and player count: first-player advantage (interval, binomial p, that
    p Holm-adjusted over the variant's seats as the seat findings do, games needed),
    chi-square over seats, and the largest |seat share - fair share|.

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
        # the seat findings test every seat alone and correct over them (Holm): seat 1's
        # adjusted p is what decides whether the finding calls it sure
        fpa_adjusted = stats.seat_pvalues(group["wins"], group["games"],
                                          group["fair_share"])[1][0]
        chi, p = stats.chi_square_seats(group["wins"].to_list())
        max_dev = float((group["win_share"] - group["fair_share"]).abs().max())
        rows.append({
            "variant": variant, "n_players": n_players, "games": games,
            "first_player_advantage": fpa["advantage"], "fpa_ci_low": fpa["ci_low"],
            "fpa_ci_high": fpa["ci_high"], "fpa_p_value": fpa["p_value"],
            "fpa_adjusted_p_value": fpa_adjusted, "fpa_games_needed": fpa["games_needed"],
            "chi_square": chi, "chi_p_value": p,
            "max_seat_deviation": max_dev,
        })
    schema = {"variant": pl.String, "n_players": pl.Int64, "games": pl.Int64,
              "first_player_advantage": pl.Float64, "fpa_ci_low": pl.Float64,
              "fpa_ci_high": pl.Float64, "fpa_p_value": pl.Float64,
              "fpa_adjusted_p_value": pl.Float64, "fpa_games_needed": pl.Int64,
              "chi_square": pl.Float64,
              "chi_p_value": pl.Float64, "max_seat_deviation": pl.Float64}
    return pl.DataFrame(rows, schema=schema)


def score_quantiles(df: Frame) -> pl.DataFrame:
    """Score distribution per seat: quartiles and extremes."""
    keys = [*GROUP, "seat"]
    out = _quantiles(_value_counts(df.lazy(), keys, "score"), keys, "score",
                     {"min": 0.0, "q25": 0.25, "median": 0.5, "q75": 0.75, "max": 1.0})
    return _in_run_order(out, df, "seat")
