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
    """Win share by character (largest player count; one colour per variant, as in the
    standard plots) and rounds by end reason (one panel per player count; a sweep's
    first variant)."""
    import matplotlib

    matplotlib.use("Agg")
    import numpy as np

    from simcli.plots import save_plot, subplots, text_inches, variant_colours, variant_label

    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    lf = df.lazy()
    has_variant = "variant" in lf.collect_schema().names()
    order = (_collect(lf.select(pl.col("variant").unique(maintain_order=True)))["variant"]
             .to_list() if has_variant else ["default"])
    colours = variant_colours(order)
    top = _collect(lf.select(pl.col("n_players").max()))["n_players"][0]
    table = character_table(lf.filter(pl.col("n_players") == top))
    if table.height:
        names = table.filter(pl.col("variant") == order[0])["character"].to_list() \
            if "variant" in table.columns else table["character"].to_list()
        names += [c for c in table["character"].unique().to_list() if c not in names]
        fig, ax = subplots(figsize=(7.5, 4))
        width = 0.8 / len(order)
        for k, v in enumerate(order):
            part = table.filter(pl.col("variant") == v) if "variant" in table.columns \
                else table
            rows = {r["character"]: r for r in part.iter_rows(named=True)}
            x = np.arange(len(names)) + (k - (len(order) - 1) / 2) * width
            share = np.array([rows[c]["win_share"] if c in rows else 0.0 for c in names])
            lo = np.array([rows[c]["ci_low"] if c in rows else 0.0 for c in names])
            hi = np.array([rows[c]["ci_high"] if c in rows else 0.0 for c in names])
            ax.bar(x, share, width * 0.92, yerr=[np.clip(share - lo, 0, None),
                                                 np.clip(hi - share, 0, None)],
                   capsize=3, color=colours[v] if len(order) > 1 else "#4c78a8",
                   label=variant_label(order, v) if len(order) > 1 else None)
        ax.axhline(1.0 / top, color="grey", linestyle="--", label="fair share 1/n")
        ax.set_xticks(np.arange(len(names)), names, rotation=20, ha="right")
        ax.set_ylabel("win share (95% interval)")
        ax.set_title(f"Video Game High School: win share by character, {top} players",
                     fontsize=10)
        ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)
        legend = ["fair share 1/n"] + ([variant_label(order, v) for v in order]
                                       if len(order) > 1 else [])
        # margins for the rotated names and the legend outside (no tight_layout: it
        # measures every text with a renderer, a third of the plot's cost); one draw
        paths.append(save_plot(fig, folder / "vghs_characters.png", {
            "left": 0.75, "bottom": 0.5 + 0.36 * text_inches(names), "top": 0.4,
            "right": 0.65 + text_inches(legend, 7)}))
    # one row per game (seat 1), only the columns drawn: memory stays flat in games
    games = _collect(lf.filter(pl.col("seat") == 1).select(
        *(["variant"] if has_variant else []), "n_players", "end_reason", "rounds"))
    if has_variant:
        games = games.filter(pl.col("variant") == order[0])
    if games.height:
        counts = sorted(games["n_players"].unique().to_list())
        fig, axes = subplots(1, len(counts), squeeze=False,
                                 figsize=(max(5.5, 3.6 * len(counts) + 1), 3.6))
        reasons = sorted(games["end_reason"].unique().to_list())
        for ax, n in zip(axes[0], counts, strict=True):
            part = games.filter(pl.col("n_players") == n)
            lo, hi = int(part["rounds"].min()), int(part["rounds"].max())
            bins = np.arange(lo - 0.5, hi + 1.5)
            ax.hist([part.filter(pl.col("end_reason") == r)["rounds"].to_list()
                     for r in reasons], bins=bins, stacked=True, label=reasons)
            ax.set_xticks(range(lo, hi + 1))
            ax.set_xlabel("rounds played")
            ax.set_title(f"{n} players", fontsize=9)
        axes[0][0].set_ylabel("games")
        axes[0][-1].legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0),
                           frameon=False, title="end reason", title_fontsize=8)
        label = f" ({variant_label(order, order[0])})" if len(order) > 1 else ""
        fig.suptitle(f"Video Game High School: rounds by end reason{label}", fontsize=10)
        paths.append(save_plot(fig, folder / "vghs_rounds.png", {
            "left": 0.75, "bottom": 0.55, "top": 0.6, "wspace": 0.7,
            "right": 0.65 + text_inches([*reasons, "end reason"], 7)}))
    return paths
