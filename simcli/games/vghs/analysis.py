"""VGHS-specific summary tables and plots, from results.parquet alone.

Uses the metric columns of ``VGHS.result``: game-level ``rounds``, ``challenges_defeated``,
``high_scores`` and ``end_reason``; per seat ``final_rank``, ``character``,
``challenges_won``, ``high_scores_set``, ``rank_from_games``, ``power_ups_played``,
``game_overs``, ``permanent_tokens``.
"""
from __future__ import annotations

from pathlib import Path

import polars as pl

from simcli.tables import group_keys, with_intervals

#: the tables and plots take a LazyFrame and stream (report.build passes one): memory
#: stays flat in the number of games
STREAMS = True
Frame = pl.DataFrame | pl.LazyFrame


def _collect(lf: pl.LazyFrame) -> pl.DataFrame:
    return lf.collect(engine="streaming")

SEAT_METRICS = ("final_rank", "rank_from_games", "challenges_won", "high_scores_set",
                "game_overs", "power_ups_played", "permanent_tokens")


def character_table(df: Frame) -> pl.DataFrame:
    """Win share per character (Wilson 95% interval) with the fair share 1/n."""
    g = group_keys(df)
    out = _collect(df.lazy().group_by([*g, "character"])
           .agg(pl.len().alias("seats"),
                pl.col("win_share").sum().alias("wins"),
                pl.col("win_share").mean().alias("win_share"),
                (1.0 / pl.col("n_players")).mean().alias("fair_share"),
                *(pl.col(m).mean().alias(f"mean_{m}") for m in SEAT_METRICS[:4])))
    out = with_intervals(out, "wins", "seats")
    out = out.sort([*g, "win_share"], descending=[False] * len(g) + [True])
    return out.select(*g, "character", "seats", "win_share", "ci_low", "ci_high", "fair_share",
                      *(f"mean_{m}" for m in SEAT_METRICS[:4]))


def end_table(df: Frame) -> pl.DataFrame:
    """How games end (rank 1 or empty challenge deck) and how long they last."""
    g = group_keys(df)
    games = df.lazy().filter(pl.col("seat") == 1)
    out = (games.group_by([*g, "end_reason"])
           .agg(pl.len().alias("games"),
                pl.col("rounds").mean().alias("mean_rounds"),
                pl.col("rounds").min().alias("min_rounds"),
                pl.col("rounds").max().alias("max_rounds"),
                pl.col("challenges_defeated").mean().alias("mean_challenges_defeated"),
                pl.col("high_scores").mean().alias("mean_high_scores"))
           .with_columns((pl.col("games") / pl.col("games").sum().over(g)).alias("share")))
    return _collect(out.sort([*g, "end_reason"]))


def strategy_profile_table(df: Frame) -> pl.DataFrame:
    """Where each strategy's rank comes from: arcade scores, challenges, tokens, cards."""
    g = group_keys(df)
    out = (df.lazy().group_by([*g, "strategy"])
           .agg(pl.len().alias("seats"),
                pl.col("win_share").mean().alias("win_share"),
                *(pl.col(m).mean().alias(f"mean_{m}") for m in SEAT_METRICS)))
    return _collect(out.sort([*g, "strategy"]))


def tables(df: Frame) -> dict[str, pl.DataFrame]:
    return {
        "Win share by character": character_table(df),
        "End of game (rank 1 vs empty challenge deck) and rounds": end_table(df),
        "Strategy profiles (means per seat)": strategy_profile_table(df),
    }


def plots(df: Frame, folder: Path) -> list[Path]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    lf = df.lazy()
    table = character_table(lf.filter(pl.col("n_players") == pl.col("n_players").max()))
    if table.height:
        names = table["character"].to_list()
        share = table["win_share"].to_list()
        lo = [max(0.0, s - x) for s, x in zip(share, table["ci_low"].to_list(), strict=True)]
        hi = [max(0.0, x - s) for s, x in zip(share, table["ci_high"].to_list(), strict=True)]
        fig, ax = plt.subplots(figsize=(7, 4))
        ax.bar(names, share, yerr=[lo, hi], capsize=4, color="#4c78a8")
        ax.axhline(table["fair_share"][0], color="grey", linestyle="--", label="fair share 1/n")
        ax.set_ylabel("win share (95% interval)")
        ax.set_title("Video Game High School: win share by character")
        ax.legend()
        fig.autofmt_xdate(rotation=20)
        fig.tight_layout()
        path = folder / "vghs_characters.png"
        fig.savefig(path, dpi=110)
        plt.close(fig)
        paths.append(path)
    counts = _collect(lf.filter(pl.col("seat") == 1).group_by("end_reason", "rounds")
                      .agg(pl.len().alias("games"))).sort("end_reason", "rounds")
    if counts.height:
        fig, ax = plt.subplots(figsize=(6, 4))
        for reason in sorted(counts["end_reason"].unique().to_list()):
            part = counts.filter(pl.col("end_reason") == reason)
            ax.hist(part["rounds"].to_list(), bins=range(1, 12), alpha=0.7, label=reason,
                    align="left", weights=part["games"].to_list())
        ax.set_xlabel("rounds played")
        ax.set_ylabel("games")
        ax.set_title("Video Game High School: game length by end reason")
        ax.legend()
        fig.tight_layout()
        path = folder / "vghs_rounds.png"
        fig.savefig(path, dpi=110)
        plt.close(fig)
        paths.append(path)
    return paths
