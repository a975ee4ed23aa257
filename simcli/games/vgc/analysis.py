"""VGC-specific summary tables and plots, from results.parquet alone.

Uses the per-seat metric columns of ``VGC.result``: ``start_bonus`` (the starting items
of the initiative position, e.g. "2 IOU"), ``start_ious``, ``start_tiles``,
``start_dollars``, ``games_played``, ``games_beaten``, ``beaten_points``, ``crystals``,
``achievement_points``, ``notebook_points``, ``majority_points``, ``played_bonus``,
``ious``, ``rentals``, ``presents``, ``magazines``.
"""
from __future__ import annotations

from pathlib import Path

import polars as pl

from simcli.fsio import save_figure
from simcli.tables import group_keys, with_intervals

Frame = pl.DataFrame | pl.LazyFrame


def _names(df: Frame) -> list[str]:
    return df.collect_schema().names()

SOURCES = ("beaten_points", "achievement_points", "notebook_points", "majority_points",
           "played_bonus")
COUNTS = ("games_played", "games_beaten", "crystals", "rentals", "presents", "magazines",
          "ious")


def seat_bonus_table(df: Frame) -> pl.DataFrame:
    """Seat (= initiative position in Week 1) win share with its 95% Wilson interval,
    beside the starting items that seat received, per player count (and variant)."""
    g = group_keys(df)
    extra = [c for c in ("start_ious", "start_tiles", "start_dollars") if c in _names(df)]
    out = (df.lazy().group_by([*g, "seat", "start_bonus"])
           .agg(pl.len().alias("games"),
                pl.col("win_share").sum().alias("wins"),
                pl.col("win_share").mean().alias("win_share"),
                (1.0 / pl.col("n_players")).mean().alias("fair_share"),
                pl.col("score").mean().alias("mean_score"),
                *(pl.col(c).first() for c in extra))).collect(engine="streaming")
    out = with_intervals(out, "wins", "games")
    out = out.with_columns((pl.col("win_share") - pl.col("fair_share")).alias("advantage"))
    out = out.sort([*g, "seat"])
    return out.select(*g, "seat", "start_bonus", *extra, "games", "win_share", "ci_low",
                      "ci_high", "fair_share", "advantage", "mean_score")


def score_sources_table(df: Frame) -> pl.DataFrame:
    """Where each seat's points come from, and what it collected (means)."""
    g = group_keys(df)
    cols = [c for c in (*SOURCES, *COUNTS) if c in _names(df)]
    out = (df.lazy().group_by([*g, "seat"])
           .agg(pl.col("score").mean().alias("mean_score"),
                *(pl.col(c).mean().alias(f"mean_{c}") for c in cols)))
    return out.sort([*g, "seat"]).collect(engine="streaming")


def tables(df: Frame) -> dict[str, pl.DataFrame]:
    if "start_bonus" not in _names(df):
        return {}
    return {
        "Seat win share by starting items (initiative bonus)": seat_bonus_table(df),
        "Score sources by seat": score_sources_table(df),
    }


def plots(df: Frame, folder: Path) -> list[Path]:
    """One bar chart per player count: seat win share with 95% intervals, labelled with
    the seat's starting items."""
    from simcli.plots import subplots

    if "start_bonus" not in _names(df):
        return []
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    t = seat_bonus_table(df)
    paths = []
    keys = [c for c in ("variant", "n_players") if c in t.columns]
    for key, part in t.group_by(keys, maintain_order=True):
        key = key if isinstance(key, tuple) else (key,)
        fig, ax = subplots(figsize=(6, 3.5))
        x = list(range(part.height))
        share = part["win_share"].to_list()
        lo = [max(0.0, s - a) for s, a in zip(share, part["ci_low"].to_list(), strict=True)]
        hi = [max(0.0, b - s) for s, b in zip(share, part["ci_high"].to_list(), strict=True)]
        ax.bar(x, share, yerr=[lo, hi], capsize=4, color="#4c72b0")
        ax.axhline(part["fair_share"][0], color="grey", linestyle="--", label="fair share")
        ax.set_xticks(x, [f"P{s}\n{b}" for s, b in zip(part["seat"].to_list(),
                                                       part["start_bonus"].to_list(),
                                                       strict=True)])
        ax.set_ylabel("win share")
        label = dict(zip(keys, key, strict=True))
        ax.set_title(f"VGC seat win share, {label.get('n_players', '?')} players "
                     f"({label.get('variant', 'default')})", fontsize=10)
        ax.legend()
        fig.tight_layout()
        name = "vgc_seat_bonus_" + "_".join(str(v) for v in key).replace(" ", "-") + ".png"
        path = folder / name
        save_figure(fig, path, dpi=100)
        paths.append(path)
    return paths
