"""Matplotlib figures of a results folder (Agg backend, PNG files)."""
from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import polars as pl  # noqa: E402

from simcli.fsio import save_figure  # noqa: E402


def _save(fig, path: Path) -> Path:
    fig.tight_layout()
    save_figure(fig, path, dpi=110)
    plt.close(fig)
    return path


def seat_win_share(seats: pl.DataFrame, path: Path, title: str) -> Path:
    """Win share per seat with 95% intervals and the fair-share line: one panel per
    player count, one bar colour per variant."""
    counts = sorted(seats["n_players"].unique().to_list())
    variants = seats["variant"].unique(maintain_order=True).to_list()
    widest = int(seats["seat"].max())
    fig, axes = plt.subplots(1, len(counts), squeeze=False, sharey=True,
                             figsize=(max(6, len(counts) * (1.2 * widest + 0.3 * len(variants))
                                          + 1), 4.4))
    width = 0.8 / max(1, len(variants))
    colours = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    for ax, n in zip(axes[0], counts, strict=True):
        panel = seats.filter(pl.col("n_players") == n)
        for g, variant in enumerate(variants):
            group = panel.filter(pl.col("variant") == variant)
            if group.is_empty():
                continue
            x = group["seat"].to_numpy() + (g - (len(variants) - 1) / 2) * width
            share = group["win_share"].to_numpy()
            err = np.clip(np.vstack([share - group["ci_low"].to_numpy(),
                                     group["ci_high"].to_numpy() - share]), 0, None)
            ax.bar(x, share, width=width * 0.95, yerr=err, capsize=3,
                   color=colours[g % len(colours)], label=variant)
        n_seats = int(panel["seat"].max())
        ax.axhline(float(panel["fair_share"][0]), color="black", linestyle="dashed",
                   linewidth=1)
        ax.set_xticks(range(1, n_seats + 1))
        ax.set_xlabel("seat (1 = first player)")
        ax.set_title(f"{n} players" if len(counts) > 1 else "", fontsize=9)
    axes[0][0].set_ylabel("win share (95% Wilson interval)")
    fig.suptitle(title + "  — dashed: fair share 1/n", fontsize=11)
    if len(variants) > 1:
        axes[0][-1].legend(fontsize=7)
    return _save(fig, path)


def strategy_win_share(strats: pl.DataFrame, path: Path, title: str) -> Path:
    """Horizontal bars: win share per strategy with intervals."""
    labels = [f"{s} ({v}, {n}p)" if strats["variant"].n_unique() > 1 else
              (f"{s} ({n}p)" if strats["n_players"].n_unique() > 1 else s)
              for s, v, n in zip(strats["strategy"], strats["variant"], strats["n_players"],
                                 strict=True)]
    share = strats["win_share"].to_numpy()
    err = np.clip(np.vstack([share - strats["ci_low"].to_numpy(),
                             strats["ci_high"].to_numpy() - share]), 0, None)
    fig, ax = plt.subplots(figsize=(7, 0.45 * len(labels) + 1.5))
    y = np.arange(len(labels))
    ax.barh(y, share, xerr=err, capsize=3, color="tab:orange")
    ax.set_yticks(y, labels)
    ax.invert_yaxis()
    ax.set_xlabel("win share (95% interval, seats rotated)")
    ax.set_title(title)
    return _save(fig, path)


def score_distribution(quantiles: pl.DataFrame, path: Path, title: str) -> Path:
    """Box plot of final scores per seat (per variant and player count), drawn from the
    summary's quartiles: box q25-q75 with the median, whiskers from min to max."""
    many = quantiles["variant"].n_unique() > 1 or quantiles["n_players"].n_unique() > 1
    boxes = []
    for r in quantiles.iter_rows(named=True):
        label = f"{r['variant']} {r['n_players']}p s{r['seat']}" if many else f"seat {r['seat']}"
        boxes.append({"label": label, "whislo": r["min"], "q1": r["q25"], "med": r["median"],
                      "q3": r["q75"], "whishi": r["max"], "fliers": []})
    fig, ax = plt.subplots(figsize=(max(6, 0.7 * len(boxes) + 2), 4.2))
    ax.bxp(boxes, showfliers=False)
    ax.set_ylabel("final score")
    ax.set_title(f"{title} (box: quartiles, whiskers: min to max)")
    if many:
        ax.tick_params(axis="x", rotation=60, labelsize=7)
    return _save(fig, path)


def game_length(turn_counts: pl.DataFrame, path: Path, title: str, unit: str = "turns") -> Path:
    """Histogram of game length, from a (turns, games) count table."""
    counts = turn_counts.group_by("turns").agg(pl.col("games").sum()).sort("turns")
    turns = counts["turns"].to_numpy()
    fig, ax = plt.subplots(figsize=(6, 4))
    lo, hi = int(turns.min()), int(turns.max())
    bins = np.arange(lo - 0.5, hi + 1.5, max(1, (hi - lo + 1) // 40))
    ax.hist(turns, bins=bins, weights=counts["games"].to_numpy(), color="tab:green",
            edgecolor="white")
    ax.set_xlabel(unit)
    ax.set_ylabel("games")
    ax.set_title(title)
    return _save(fig, path)


def standard_plots(summary: dict, turn_counts: pl.DataFrame, folder: Path, title: str,
                   unit: str = "turns") -> list[Path]:
    """The four standard figures, from the summary's tables and a count of game lengths
    (no per-game data: memory stays flat)."""
    folder.mkdir(parents=True, exist_ok=True)
    return [
        seat_win_share(pl.DataFrame(summary["seats"]), folder / "seat_win_share.png",
                       f"{title}: seat win share"),
        strategy_win_share(pl.DataFrame(summary["strategy_table"]),
                           folder / "strategy_win_share.png", f"{title}: strategy win share"),
        score_distribution(pl.DataFrame(summary["score_quantiles"]),
                           folder / "score_distribution.png", f"{title}: score distribution"),
        game_length(turn_counts, folder / "game_length.png", f"{title}: game length", unit),
    ]
