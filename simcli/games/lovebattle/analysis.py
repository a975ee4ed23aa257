"""One True Match analysis of Love Battle runs, from results.parquet alone.

Uses the metric columns of ``scoring.final_result``: game-level ``otm_girl`` (tied Girls
joined by "+"), ``second_girl``, and per seat ``vote_type``, ``vote_girls``,
``vote_correct``, ``vote_paid``, ``vote_ki``, ``plot_point_ki``, ``token_ki``.
"""
from __future__ import annotations

import math
from pathlib import Path

import polars as pl

from simcli.stats import binomtest_pvalue, wilson
from simcli.tables import group_keys, with_intervals

GIRLS = ("Aika", "Sakiko", "Rin", "Yuki", "Katsumi")


Frame = pl.DataFrame | pl.LazyFrame  # a LazyFrame streams: memory flat in games


def _collect(lf: pl.LazyFrame) -> pl.DataFrame:
    return lf.collect(engine="streaming")


def _games(df: Frame) -> pl.LazyFrame:
    """One row per game."""
    return df.lazy().filter(pl.col("seat") == 1)


def _counted(lf: pl.LazyFrame, g: list[str], col: str) -> list[tuple[tuple, list]]:
    """[(group key, [(value of ``col``, rows with it), ...]), ...], groups in the order of
    their first row: a value count instead of every row (memory flat in games)."""
    order = _collect(lf.select(g).with_row_index("_row").group_by(g)
                     .agg(pl.col("_row").min()).sort("_row"))
    counts = _collect(lf.group_by([*g, col]).agg(pl.len().alias("_n")).sort([*g, col]))
    out = []
    for key in order.select(g).iter_rows():
        part = counts
        for name, value in zip(g, key, strict=True):
            part = part.filter(pl.col(name) == value)
        out.append((key, list(zip(part[col].to_list(), part["_n"].to_list(), strict=True))))
    return out


def _girls(df: Frame) -> list[str]:
    found = set()
    for col in ("otm_girl", "vote_girls"):
        for value in _collect(df.lazy().select(pl.col(col).unique()))[col].to_list():
            found.update(x for x in value.split("+") if x)
    ordered = [g for g in GIRLS if g in found]
    return ordered + sorted(found - set(ordered))


def vote_type_table(df: Frame) -> pl.DataFrame:
    """Vote type chosen (OTM vs Love Triangle) and how often each pays, per player count."""
    g = group_keys(df)
    out = _collect(df.lazy().group_by([*g, "vote_type"])
           .agg(pl.len().alias("votes"),
                pl.col("vote_paid").cast(pl.Int64).sum().alias("paid"),
                pl.col("vote_correct").cast(pl.Int64).sum().alias("correct"),
                pl.col("vote_ki").mean().round(9).alias("mean_vote_ki"),
                pl.col("vote_ki").std().round(9).alias("sd_vote_ki"),  # order-free digits
                pl.col("win_share").mean().alias("win_share"))
           .with_columns((pl.col("votes") / pl.col("votes").sum().over(g)).alias("chosen_share"),
                         (pl.col("paid") / pl.col("votes")).alias("pays")))
    out = with_intervals(out, "paid", "votes", "pays_")
    return out.sort([*g, "vote_type"]).select(
        *g, "vote_type", "votes", "chosen_share", "paid", "pays", "pays_ci_low",
        "pays_ci_high", "correct", "mean_vote_ki", "sd_vote_ki", "win_share")


def _profiles(df: Frame) -> dict[str, tuple[str, str]]:
    """Girl -> (start room, special rule), from the ``girl_profile`` column."""
    out: dict[str, tuple[str, str]] = {}
    first = (_collect(df.lazy().select("girl_profile").head(1))
             if "girl_profile" in df.collect_schema().names() else pl.DataFrame())
    if first.height:
        for item in str(first["girl_profile"][0]).split("|"):
            parts = item.split(":")
            if len(parts) == 3:
                out[parts[0]] = (parts[1], parts[2])
    return out


def otm_girl_table(df: Frame) -> pl.DataFrame:
    """Which Girl ends as One True Match: share of games (ties count for every tied Girl),
    sole-OTM games, her tie-split share of the title against a fair 1/5, and a binomial p;
    with her start room and special rule, to see whether either favours her."""
    g = group_keys(df)
    games = _games(df)
    profile = _profiles(df)
    rows = []
    girls = _girls(df)
    for key, otm in _counted(games, g, "otm_girl"):
        n = sum(k for _, k in otm)
        for girl in girls:
            among = sum(k for x, k in otm if girl in x.split("+"))
            sole = sum(k for x, k in otm if x == girl)
            split = math.fsum(k / len(x.split("+")) for x, k in otm if girl in x.split("+"))
            lo, hi = wilson(among, n)
            p = binomtest_pvalue(int(round(split)), n, 0.2) if n else 1.0
            start, ability = profile.get(girl, ("", ""))
            rows.append({**dict(zip(g, key, strict=True)), "girl": girl,
                         "start_room": start, "ability": ability, "games": n,
                         "otm_games": among, "otm_rate": among / n if n else 0.0,
                         "ci_low": lo, "ci_high": hi, "sole_otm_rate": sole / n if n else 0.0,
                         "title_share": split / n if n else 0.0, "fair_share": 0.2,
                         "p_value": p})
    return pl.DataFrame(rows)


def vote_share_table(df: Frame) -> pl.DataFrame:
    """Share of votes naming each Girl (a Love Triangle names two), and as a lone OTM."""
    g = group_keys(df)
    rows = []
    girls = _girls(df)
    for key, votes in _counted(df.lazy(), g, "vote_girls"):
        n = sum(k for _, k in votes)
        for girl in girls:
            named = sum(k for v, k in votes if girl in v.split("+"))
            alone = sum(k for v, k in votes if v == girl)
            lo, hi = wilson(named, n)
            rows.append({**dict(zip(g, key, strict=True)), "girl": girl, "votes": n,
                         "named_share": named / n if n else 0.0, "ci_low": lo, "ci_high": hi,
                         "otm_vote_share": alone / n if n else 0.0})
    return pl.DataFrame(rows)


def win_by_vote_table(df: Frame) -> pl.DataFrame:
    """Win share of a seat whose vote paid (correct) against one whose vote did not."""
    g = group_keys(df)
    out = _collect(df.lazy().with_columns(pl.when(pl.col("vote_paid")).then(pl.lit("correct"))
                           .otherwise(pl.lit("wrong")).alias("vote"))
           .group_by([*g, "vote"])
           .agg(pl.len().alias("seats"), pl.col("win_share").sum().alias("wins"),
                pl.col("score").mean().alias("mean_ki"))
           .with_columns((pl.col("wins") / pl.col("seats")).alias("win_share")))
    out = with_intervals(out, "wins", "seats")
    return out.sort([*g, "vote"]).select(*g, "vote", "seats", "win_share", "ci_low", "ci_high",
                                         "mean_ki")


def ki_sources_table(df: Frame) -> pl.DataFrame:
    """Mean Ki per seat from votes, from Plot Points held and from Ki tokens, by strategy."""
    g = group_keys(df)
    out = (df.lazy().group_by([*g, "strategy"])
           .agg(pl.len().alias("seats"),
                pl.col("vote_ki").mean().alias("vote_ki"),
                pl.col("plot_point_ki").mean().alias("plot_point_ki"),
                pl.col("token_ki").mean().alias("token_ki"),
                pl.col("score").mean().alias("total_ki"),
                pl.col("win_share").mean().alias("win_share"))
           .with_columns((pl.col("vote_ki") / pl.col("total_ki")).alias("vote_part"),
                         (pl.col("plot_point_ki") / pl.col("total_ki")).alias("plot_point_part"),
                         (pl.col("token_ki") / pl.col("total_ki")).alias("token_part")))
    return _collect(out.sort([*g, "strategy"]))


def tables(df: Frame) -> dict[str, pl.DataFrame]:
    return {
        "Vote type chosen and how often it pays": vote_type_table(df),
        "One True Match Girl frequency": otm_girl_table(df),
        "Vote share per Girl": vote_share_table(df),
        "Win share by correct vs wrong vote": win_by_vote_table(df),
        "Ki sources: votes, Plot Points, tokens": ki_sources_table(df),
    }


# -- plots ----------------------------------------------------------------------------------------
def _panels(frame: pl.DataFrame):
    counts = sorted(frame["n_players"].unique().to_list())
    variants = (frame["variant"].unique(maintain_order=True).to_list()
                if "variant" in frame.columns else [None])
    return counts, variants


def plots(df: Frame, folder: Path) -> list[Path]:
    """One True Match Girl frequency, vote outcome by type and Ki sources. Variants keep
    the colours and V-keys of the standard plots (run order), legends sit outside."""
    import matplotlib

    matplotlib.use("Agg")
    import numpy as np

    from simcli.plots import save_plot, subplots, variant_colours, variant_label

    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    order = (df.lazy().select(pl.col("variant").unique(maintain_order=True)).collect()
             ["variant"].to_list() if "variant" in df.collect_schema().names() else ["default"])
    colours = variant_colours(order)

    def save(fig, name):
        """tight_layout (room for a legend outside the axes), then one draw."""
        paths.append(save_plot(fig, folder / name))

    def legend(ax):
        if len(order) > 1:
            ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0),
                      frameon=False, title="variant", title_fontsize=8)

    def rows_by(part, key):
        """variant -> {key value: row} of one panel's table."""
        def rows_for(v):
            sub = part if "variant" not in part.columns else part.filter(
                pl.col("variant") == v)
            return {r[key]: r for r in sub.iter_rows(named=True)}
        return rows_for

    def bars(ax, groups, rows_for, value):
        width = 0.8 / len(order)
        for i, v in enumerate(order):
            rows = rows_for(v)
            x = np.arange(len(groups)) + (i - (len(order) - 1) / 2) * width
            y, lo, hi = (np.array([value(rows.get(g), k) for g in groups]) for k in range(3))
            ax.bar(x, y, width * 0.92, yerr=[np.clip(y - lo, 0, None), np.clip(hi - y, 0, None)],
                   capsize=2, color=colours[v] if len(order) > 1 else "tab:blue",
                   label=variant_label(order, v), error_kw={"elinewidth": 0.8})
        ax.set_xticks(np.arange(len(groups)), groups)

    # 1. OTM Girl frequency with 95% intervals
    t = otm_girl_table(df)
    counts, _ = _panels(t)
    girls = _girls(df)
    fig, axes = subplots(1, len(counts), figsize=(max(6.5, 4.8 * len(counts)), 3.6),
                             squeeze=False)
    for ax, n in zip(axes[0], counts, strict=True):
        part = t.filter(pl.col("n_players") == n)

        bars(ax, girls, rows_by(part, "girl"), lambda r, k: 0.0 if r is None else
             (r["otm_rate"], r["ci_low"], r["ci_high"])[k])
        ax.set_ylim(0, 1)
        ax.set_title(f"{n} players", fontsize=9)
        ax.set_ylabel("share of games as One True Match")
    legend(axes[0][-1])
    fig.suptitle("Which Girl ends as One True Match (ties count for each; 95% CI)",
                 fontsize=10)
    save(fig, "lovebattle_otm_girl.png")

    # 2. vote outcome by vote type
    t = vote_type_table(df)
    counts, _ = _panels(t)
    types = [x for x in ("otm", "triangle") if x in t["vote_type"].to_list()] or \
        t["vote_type"].unique().to_list()
    names = {"otm": "One True Match", "triangle": "Love Triangle"}
    fig, axes = subplots(1, len(counts), figsize=(max(5.5, 4.0 * len(counts)), 3.4),
                             squeeze=False)
    for ax, n in zip(axes[0], counts, strict=True):
        part = t.filter(pl.col("n_players") == n)

        bars(ax, types, rows_by(part, "vote_type"), lambda r, k: 0.0 if r is None else
             (r["pays"], r["pays_ci_low"], r["pays_ci_high"])[k])
        ax.set_xticks(range(len(types)), [names.get(x, x) for x in types])
        ax.set_ylim(0, 1)
        ax.set_ylabel("share of votes that paid Ki")
        ax.set_title(f"{n} players", fontsize=9)
    legend(axes[0][-1])
    fig.suptitle("Vote outcome by vote type (95% CI)", fontsize=10)
    save(fig, "lovebattle_vote_outcome.png")

    # 3. Ki sources per strategy (a sweep: its first variant)
    t = ki_sources_table(df)
    first = order[0]
    if "variant" in t.columns and len(order) > 1:
        t = t.filter(pl.col("variant") == first)
    fig, ax = subplots(figsize=(6.5, 3.4))
    many_counts = t["n_players"].n_unique() > 1
    labels = [(f"{r['n_players']}p " if many_counts else "") + r["strategy"]
              for r in t.iter_rows(named=True)]
    x = np.arange(len(labels))
    bottom = np.zeros(len(labels))
    for col, name in (("token_ki", "Ki tokens"), ("plot_point_ki", "Plot Points"),
                      ("vote_ki", "vote")):
        y = t[col].to_numpy()
        ax.bar(x, y, bottom=bottom, label=name)
        bottom += y
    ax.set_xticks(x, labels, rotation=20, ha="right", fontsize=8)
    ax.set_ylabel("mean Ki per seat")
    ax.set_title("Where the Ki comes from" + (f" ({variant_label(order, first)})"
                                              if len(order) > 1 else ""), fontsize=10)
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)
    save(fig, "lovebattle_ki_sources.png")
    return paths
