"""Class of '89 summary tables and plots (hooks ``tables(df)`` and ``plots(df, folder)``).

* Seat win share (95% Wilson interval) next to the starting signatures of the seat, per
  variant and player count — the designers' question about the starting table.
* Solo: the human strategy's win share against Ed per difficulty.
"""
from __future__ import annotations

from pathlib import Path

import polars as pl

from simcli.stats import wilson

Frame = pl.DataFrame | pl.LazyFrame  # a LazyFrame streams: memory flat in games


def _names(df: Frame) -> list[str]:
    return df.collect_schema().names()


def _with_ci(df: pl.DataFrame) -> pl.DataFrame:
    lows, highs = [], []
    for wins, games in zip(df["wins"].to_list(), df["games"].to_list(), strict=True):
        lo, hi = wilson(wins, games)
        lows.append(round(lo, 4))
        highs.append(round(hi, 4))
    return df.with_columns(
        (pl.col("wins") / pl.col("games")).round(4).alias("win_share"),
        pl.Series("ci_low", lows), pl.Series("ci_high", highs),
    ).drop("wins")


def seat_table(df: Frame) -> pl.DataFrame:
    keys = [k for k in ("variant", "n_players") if k in _names(df)]
    multi = df.lazy().filter((pl.col("n_players") > 1) & (pl.col("strategy") != "ed"))
    out = (multi.group_by([*keys, "seat"])
           .agg(pl.col("start_signatures").first().alias("start_signatures"),
                pl.len().alias("games"), pl.col("win_share").sum().alias("wins"),
                pl.col("score").mean().round(2).alias("mean_score"))
           .sort([*keys, "seat"])).collect(engine="streaming")
    if out.is_empty():
        return pl.DataFrame()
    out = _with_ci(out)
    fair = (1.0 / pl.col("n_players")).round(4)
    return out.with_columns(fair.alias("fair_share"))


def solo_table(df: Frame) -> pl.DataFrame:
    names = _names(df)
    lf = df.lazy()
    solo = lf.filter((pl.col("n_players") == 1) & (pl.col("strategy") != "ed"))
    keys = [k for k in ("variant", "solo_difficulty") if k in names]
    ed_scores = (lf.filter((pl.col("n_players") == 1) & (pl.col("strategy") == "ed"))
                 .select("game_index", *(["variant"] if "variant" in names else []),
                         pl.col("score").alias("ed_score")))
    join_on = ["game_index", *(["variant"] if "variant" in names else [])]
    solo = solo.join(ed_scores, on=join_on, how="left")
    out = (solo.group_by([*keys, "strategy"])
           .agg(pl.len().alias("games"), pl.col("win_share").sum().alias("wins"),
                pl.col("score").mean().round(2).alias("mean_score"),
                pl.col("ed_score").mean().round(2).alias("mean_ed_score"))
           .sort([*keys, "strategy"])).collect(engine="streaming")
    if out.is_empty():
        return pl.DataFrame()
    return _with_ci(out)


def tables(df: Frame) -> dict:
    out = {}
    seats = seat_table(df)
    if not seats.is_empty():
        out["Seat win share by starting signatures"] = seats
    solo = solo_table(df)
    if not solo.is_empty():
        out["Solo win share against Ed by difficulty"] = solo
    return out


def plots(df: Frame, folder: Path) -> list[Path]:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    seats = seat_table(df)
    if seats.is_empty():
        return []
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for n in sorted(set(seats["n_players"].to_list())):
        part = seats.filter(pl.col("n_players") == n)
        variants = (sorted(set(part["variant"].to_list())) if "variant" in part.columns
                    else [None])
        fig, ax = plt.subplots(figsize=(6, 3.5))
        width = 0.8 / len(variants)
        for k, var in enumerate(variants):
            sub = part if var is None else part.filter(pl.col("variant") == var)
            x = [s + k * width for s in sub["seat"].to_list()]
            y = sub["win_share"].to_list()
            err = [[max(0.0, a - b) for a, b in zip(y, sub["ci_low"].to_list(), strict=True)],
                   [max(0.0, b - a) for a, b in zip(y, sub["ci_high"].to_list(), strict=True)]]
            label = f"{var or 'run'}: {sub['start_signatures'].to_list()}"
            ax.bar(x, y, width=width, yerr=err, capsize=3, label=label)
        ax.axhline(1.0 / n, color="grey", linestyle="--", linewidth=1)
        ax.set_xlabel("seat")
        ax.set_ylabel("win share")
        ax.set_title(f"Class of '89, {n} players: win share by seat (starting signatures)")
        ax.legend(fontsize=7)
        path = folder / f"class89_seats_{n}p.png"
        fig.tight_layout()
        fig.savefig(path, dpi=100)
        plt.close(fig)
        paths.append(path)
    return paths
