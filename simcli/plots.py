"""Matplotlib figures of a results folder (Agg backend, PNG files).

Every figure is drawn from the summary's tables (no per-game data: memory stays flat).
Variants keep one colour across all plots (:func:`variant_colours`, in run order) and are
named in legends by a short key (V1, V2, ...) with the full name beside it, outside the
axes, so a legend never covers bars.
"""
from __future__ import annotations

import textwrap
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import numpy as np  # noqa: E402
import polars as pl  # noqa: E402
from matplotlib.backends.backend_agg import FigureCanvasAgg  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402
from matplotlib.patches import Rectangle  # noqa: E402
from matplotlib.ticker import MaxNLocator  # noqa: E402

PALETTE = [*matplotlib.colormaps["tab10"].colors, *matplotlib.colormaps["Dark2"].colors,
           *matplotlib.colormaps["Set1"].colors]


def subplots(nrows: int = 1, ncols: int = 1, *, figsize=None, **kwargs):
    """``pyplot.subplots`` without pyplot: a Figure on an Agg canvas (the same pixels),
    which no figure manager keeps, so nothing needs closing; pyplot's import (its style
    library, its backend machinery) is spared."""
    fig = Figure(figsize=figsize)
    FigureCanvasAgg(fig)
    return fig, fig.subplots(nrows, ncols, **kwargs)


def variant_colours(names: list[str]) -> dict[str, tuple]:
    """One colour per variant, by its position in the run (the same in every plot)."""
    return {name: PALETTE[i % len(PALETTE)] for i, name in enumerate(names)}


def variant_label(names: list[str], name: str, width: int = 38) -> str:
    """Legend label: 'V3 otm_payout=4, triangle_payout=10' (wrapped) for a sweep."""
    if len(names) <= 1:
        return name
    key = f"V{names.index(name) + 1}"
    return "\n   ".join(textwrap.wrap(f"{key} {name}", width)) or key


def _order(frame: pl.DataFrame) -> list[str]:
    return frame["variant"].unique(maintain_order=True).to_list() if "variant" in \
        frame.columns else ["default"]

from simcli.fsio import save_figure  # noqa: E402

#: inches per character of DejaVu Sans at one point (its mean advance is ~0.6 em)
_CHAR_IN = 0.6 / 72


def text_inches(labels, fontsize: float = 10.0) -> float:
    """Width in inches of the longest (line of a) label at ``fontsize``: an estimate from
    the font's mean advance, generous for wide letters (margins, never overlaps)."""
    lines = [line for label in labels for line in str(label).splitlines()] or [""]
    return max(len(line) for line in lines) * fontsize * _CHAR_IN * 1.1


def legend_inches(variants: list[str]) -> float:
    """Width of the legend :func:`_legend_outside` puts right of the axes (0 for one
    variant, which has none)."""
    if len(variants) <= 1:
        return 0.0
    labels = [variant_label(variants, v) for v in variants] + ["variant"]
    return 0.1 + 0.45 + text_inches(labels, 7)  # gap, handle, text


def fixed_layout(fig, *, left: float, bottom: float, top: float, right: float = 0.15,
                 wspace: float = 0.25, hspace: float = 0.0) -> None:
    """Margins in inches (and gaps between panels in inches): what ``tight_layout``
    computes by measuring every text of the figure with a renderer, which cost about a
    third of drawing a plot. Each standard plot knows its labels, so it sets them."""
    w, h = fig.get_size_inches()
    axes = fig.axes
    ncols = max(1, max((a.get_subplotspec().get_gridspec().ncols for a in axes
                        if a.get_subplotspec() is not None), default=1))
    nrows = max(1, max((a.get_subplotspec().get_gridspec().nrows for a in axes
                        if a.get_subplotspec() is not None), default=1))
    lo, hi = left / w, 1 - right / w
    bo, to = bottom / h, 1 - top / h
    lo = min(lo, hi - 0.2)  # a very long label: keep a fifth of the width for the plot
    cell_w = (hi - lo) * w / ncols
    cell_h = max(0.1, (to - bo) * h / nrows)
    fig.subplots_adjust(left=lo, right=max(lo + 0.1, hi), bottom=bo, top=max(bo + 0.1, to),
                        wspace=min(0.9, wspace / max(0.1, cell_w - wspace)),
                        hspace=min(0.9, hspace / max(0.1, cell_h - hspace)))


def save_plot(fig, path: Path, layout: dict | None = None) -> Path:
    """Lay the figure out (``layout``: :func:`fixed_layout`'s margins; else
    ``tight_layout``, for the sweep plots), then one draw into the file: no
    ``bbox_inches="tight"``, whose second draw doubled the cost of every plot."""
    if layout is None:
        fig.tight_layout()
    else:
        fixed_layout(fig, **layout)
    save_figure(fig, path, dpi=110)
    return path


def _legend_outside(fig, ax, variants: list[str]) -> None:
    if len(variants) > 1:
        ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False,
                  title="variant", title_fontsize=8)


def _grouped_bars(ax, groups: list, variants: list[str], values, colours) -> None:
    """Bars at x = group index, one per variant side by side; values(variant, group) ->
    (share, lo, hi) or None."""
    width = 0.8 / max(1, len(variants))
    for g, variant in enumerate(variants):
        xs, ys, lo, hi = [], [], [], []
        for i, group in enumerate(groups):
            v = values(variant, group)
            if v is None:
                continue
            xs.append(i + (g - (len(variants) - 1) / 2) * width)
            ys.append(v[0])
            lo.append(max(0.0, v[0] - v[1]))
            hi.append(max(0.0, v[2] - v[0]))
        ax.bar(xs, ys, width=width * 0.92, yerr=[lo, hi], capsize=2 if len(variants) > 4
               else 3, color=colours[variant], label=variant_label(variants, variant),
               error_kw={"elinewidth": 0.8})


def seat_win_share(seats: pl.DataFrame, path: Path, title: str) -> Path:
    """Win share per seat with 95% intervals and the fair-share line: one panel per
    player count, one bar colour per variant."""
    counts = sorted(seats["n_players"].unique().to_list())
    variants = _order(seats)
    colours = variant_colours(variants)
    widest = int(seats["seat"].max())
    fig, axes = subplots(1, len(counts), squeeze=False, sharey=True,
                             figsize=(max(5.5, len(counts) * (1.1 * widest
                                                              + 0.25 * len(variants)) + 1),
                                      4.2))
    lookup = {(r["variant"], r["n_players"], r["seat"]): r for r in seats.iter_rows(named=True)}
    for ax, n in zip(axes[0], counts, strict=True):
        n_seats = int(seats.filter(pl.col("n_players") == n)["seat"].max())

        def value(variant, seat, n=n):
            r = lookup.get((variant, n, seat))
            return None if r is None else (r["win_share"], r["ci_low"], r["ci_high"])

        _grouped_bars(ax, list(range(1, n_seats + 1)), variants, value, colours)
        ax.axhline(1.0 / n, color="black", linestyle="dashed", linewidth=1,
                   label="fair share 1/n")
        ax.set_xticks(range(n_seats), [str(s) for s in range(1, n_seats + 1)])
        ax.set_xlabel("seat (1 = first player)")
        ax.set_title(f"{n} players", fontsize=9)
    axes[0][0].set_ylabel("win share (95% interval)")
    fig.suptitle(f"{title} (dashed: fair share 1/n)", fontsize=10)
    _legend_outside(fig, axes[0][-1], variants)
    return save_plot(fig, path, {"left": 0.75, "bottom": 0.55, "top": 0.6,
                             "right": 0.15 + legend_inches(variants), "wspace": 0.12})


def strategy_win_share(strats: pl.DataFrame, path: Path, title: str) -> Path:
    """Win share per strategy (per seat it plays) with intervals and the fair share 1/n:
    one panel per player count, one colour per variant."""
    counts = sorted(strats["n_players"].unique().to_list())
    variants = _order(strats)
    colours = variant_colours(variants)
    names = strats["strategy"].unique(maintain_order=True).to_list()
    lookup = {(r["variant"], r["n_players"], r["strategy"]): r
              for r in strats.iter_rows(named=True)}
    fig, axes = subplots(len(counts), 1, squeeze=False,
                             figsize=(7, len(counts) * (0.5 + 0.22 * len(names)
                                                        * max(1, len(variants) / 3)) + 1))
    for ax, n in zip(axes[:, 0], counts, strict=True):
        here = [s for s in names if any((v, n, s) in lookup for v in variants)]
        height = 0.8 / max(1, len(variants))
        for g, variant in enumerate(variants):
            ys, xs, lo, hi = [], [], [], []
            for i, s in enumerate(here):
                r = lookup.get((variant, n, s))
                if r is None:
                    continue
                ys.append(i + (g - (len(variants) - 1) / 2) * height)
                xs.append(r["win_share"])
                lo.append(max(0.0, r["win_share"] - r["ci_low"]))
                hi.append(max(0.0, r["ci_high"] - r["win_share"]))
            ax.barh(ys, xs, height=height * 0.92, xerr=[lo, hi], capsize=2,
                    color=colours[variant] if len(variants) > 1 else "tab:orange",
                    label=variant_label(variants, variant), error_kw={"elinewidth": 0.8})
        if n > 1:
            ax.axvline(1.0 / n, color="black", linestyle="dashed", linewidth=1)
        ax.set_yticks(range(len(here)), here)
        ax.invert_yaxis()
        ax.set_title(f"{n} players (dashed: fair share 1/{n})" if n > 1 else
                     "solo (the automaton's row is its win share against the bots)",
                     fontsize=9)
    axes[-1][0].set_xlabel("win share per seat (95% interval, seats rotated)")
    fig.suptitle(title, fontsize=10)
    _legend_outside(fig, axes[0][0], variants)
    return save_plot(fig, path, {"left": 0.25 + text_inches(names), "bottom": 0.55, "top": 0.6,
                             "right": 0.15 + legend_inches(variants), "hspace": 0.6})


def score_distribution(quantiles: pl.DataFrame, path: Path, title: str) -> Path:
    """Final scores per seat drawn from the summary's quartiles (box q25-q75 with the
    median, whiskers min to max): one panel per player count, boxes coloured by variant."""
    counts = sorted(quantiles["n_players"].unique().to_list())
    variants = _order(quantiles)
    colours = variant_colours(variants)
    widest = int(quantiles["seat"].max())
    fig, axes = subplots(1, len(counts), squeeze=False, sharey=True,
                             figsize=(max(6, len(counts) * (1.0 * widest
                                                            + 0.25 * len(variants)) + 1),
                                      4.0))
    for ax, n in zip(axes[0], counts, strict=True):
        part = quantiles.filter(pl.col("n_players") == n)
        seats = sorted(part["seat"].unique().to_list())
        width = 0.8 / max(1, len(variants))
        for g, variant in enumerate(variants):
            rows = part.filter(pl.col("variant") == variant).sort("seat")
            if rows.is_empty():
                continue
            boxes = [{"whislo": r["min"], "q1": r["q25"], "med": r["median"], "q3": r["q75"],
                      "whishi": r["max"], "fliers": []} for r in rows.iter_rows(named=True)]
            pos = [seats.index(s) + (g - (len(variants) - 1) / 2) * width
                   for s in rows["seat"].to_list()]
            art = ax.bxp(boxes, positions=pos, widths=width * 0.85, showfliers=False,
                         patch_artist=True, manage_ticks=False)
            for box in art["boxes"]:
                box.set_facecolor(colours[variant] if len(variants) > 1 else "#9ecae1")
                box.set_alpha(0.8)
            for med in art["medians"]:
                med.set_color("black")
            art["boxes"][0].set_label(variant_label(variants, variant))
        ax.set_xticks(range(len(seats)), [str(s) for s in seats])
        ax.set_xlabel("seat")
        ax.set_title(f"{n} players" if len(counts) > 1 else "", fontsize=9)
    axes[0][0].set_ylabel("final score")
    fig.suptitle(f"{title}\nbox: middle half of games, line: median, whiskers: min to max",
                 fontsize=9)
    _legend_outside(fig, axes[0][-1], variants)
    top = float(quantiles["max"].abs().max() or 0)
    digits = len(f"{top:g}") + 1
    return save_plot(fig, path, {"left": 0.45 + text_inches(["0" * digits]),
                             "bottom": 0.55, "top": 0.75 if len(counts) > 1 else 0.6,
                             "right": 0.15 + legend_inches(variants), "wspace": 0.12})


def game_length(turn_counts: pl.DataFrame, path: Path, title: str,
                unit: str = "turns") -> Path | None:
    """Games per length, one panel per player count, one line per variant. None when
    every game of every configuration has the same length (the length table and the
    findings give that single number)."""
    spread = turn_counts.group_by(["variant", "n_players"]).agg(
        (pl.col("turns").max() - pl.col("turns").min()).alias("spread"))
    if spread["spread"].max() == 0:
        return None
    counts = sorted(turn_counts["n_players"].unique().to_list())
    variants = _order(turn_counts)
    colours = variant_colours(variants)
    fig, axes = subplots(1, len(counts), squeeze=False, sharey=False,
                             figsize=(max(5.5, 3.6 * len(counts) + 1), 3.6))
    for ax, n in zip(axes[0], counts, strict=True):
        part = turn_counts.filter(pl.col("n_players") == n)
        for variant in variants:
            rows = part.filter(pl.col("variant") == variant).sort("turns")
            if rows.is_empty():
                continue
            x = rows["turns"].to_numpy()
            y = rows["games"].to_numpy() / rows["games"].sum()
            if len(variants) == 1:
                ax.bar(x, y, width=0.9, color="tab:green")
            else:
                ax.plot(x, y, marker="o", markersize=3, color=colours[variant],
                        label=variant_label(variants, variant))
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.set_xlabel(unit)
        ax.set_title(f"{n} players", fontsize=9)
    axes[0][0].set_ylabel("share of games")
    fig.suptitle(f"{title} ({unit})", fontsize=10)
    _legend_outside(fig, axes[0][-1], variants)
    return save_plot(fig, path, {"left": 0.85, "bottom": 0.55, "top": 0.6,
                             "right": 0.15 + legend_inches(variants), "wspace": 0.85})


def forest(paired: list[dict], variants: list[str], folder: Path,
           baseline: str) -> list[Path]:
    """Paired differences of seat win share against the baseline (same seeds), one panel
    per player count: a row per variant and seat with its 95% interval."""
    if not paired:
        return []
    df = pl.DataFrame(paired, infer_schema_length=None)
    colours = variant_colours(variants)
    paths = []
    for n in sorted(df["n_players"].unique().to_list()):
        part = df.filter(pl.col("n_players") == n)
        rows = part.iter_rows(named=True)
        rows = sorted(rows, key=lambda r: (variants.index(r["variant"])
                                           if r["variant"] in variants else 0, r["seat"]))
        fig, ax = subplots(figsize=(7, 0.24 * len(rows) + 1.4))
        labels = []
        for i, r in enumerate(rows):
            ax.errorbar(r["diff"], i, xerr=[[r["diff"] - r["ci_low"]], [r["ci_high"]
                                                                        - r["diff"]]],
                        fmt="o", markersize=3, capsize=2, color=colours.get(r["variant"],
                                                                           "black"))
            key = f"V{variants.index(r['variant']) + 1}" if r["variant"] in variants \
                else r["variant"]
            labels.append(f"{key} seat {r['seat']}")
        ax.axvline(0, color="black", linewidth=1)
        ax.set_yticks(range(len(rows)), labels, fontsize=7)
        ax.invert_yaxis()
        ax.set_xlabel(f"win share minus the baseline's (V{variants.index(baseline) + 1} "
                      f"{baseline}), 95% interval" if baseline in variants else
                      "win share minus the baseline's, 95% interval", fontsize=8)
        ax.set_title(f"Paired difference against the baseline, {n} players", fontsize=9)
        paths.append(save_plot(fig, folder / f"sweep_forest_{n}p.png"))
    return paths


def heatmaps(summary: dict, folder: Path) -> list[Path]:
    """For a 2-D grid sweep, per player count: the largest seat gap and the first-player
    advantage over the grid. The printed rules are outlined; cells tied with the fairest
    (not separated from it) are hatched grey on the gap panel. The colour scales start
    at zero (gap) or are symmetric and at least +-0.05, so noise does not look large."""
    from simcli.runner import toml_value

    variants = summary.get("variants") or []
    keys = list(variants[0].get("grid", {})) if variants else []
    if len(keys) != 2:
        return []
    xs = list(dict.fromkeys(toml_value(v["grid"][keys[0]]) for v in variants))
    ys = list(dict.fromkeys(toml_value(v["grid"][keys[1]]) for v in variants))
    printed = {v["name"] for v in variants if v.get("printed")}
    tied = {f["n_players"]: set(f.get("tied_with_best") or [])
            for f in summary.get("findings") or [] if f.get("kind") == "sweep_fairest"}
    fair = summary.get("fairness") or []
    paths = []
    for n in sorted({int(r["n_players"]) for r in fair}):
        lookup = {r["variant"]: r for r in fair if int(r["n_players"]) == n}
        fig, axes = subplots(1, 2, figsize=(3.2 + 2.6 * len(xs), 1.6 + 0.8 * len(ys)))
        for ax, col, label, cmap in (
                (axes[0], "max_seat_deviation", "largest seat gap |share − 1/n|", "Reds"),
                (axes[1], "first_player_advantage", "first-player advantage", "coolwarm")):
            grid = np.full((len(ys), len(xs)), np.nan)
            cell = {}
            for v in variants:
                row = lookup.get(v["name"])
                i = ys.index(toml_value(v["grid"][keys[1]]))
                j = xs.index(toml_value(v["grid"][keys[0]]))
                cell[(i, j)] = v["name"]
                if row is not None and row.get(col) is not None:
                    grid[i, j] = row[col]
            if col == "first_player_advantage":
                lim = max(0.05, float(np.nanmax(np.abs(grid))) if np.isfinite(grid).any()
                          else 0.05)
                im = ax.imshow(grid, cmap=cmap, vmin=-lim, vmax=lim, aspect="auto")
            else:
                top = max(0.1, float(np.nanmax(grid)) if np.isfinite(grid).any() else 0.1)
                im = ax.imshow(grid, cmap=cmap, vmin=0, vmax=top, aspect="auto")
            for (i, j), name in cell.items():
                if col == "max_seat_deviation" and name in tied.get(n, set()):
                    ax.add_patch(Rectangle((j - 0.5, i - 0.5), 1, 1, facecolor="#cccccc",
                                           edgecolor="white", hatch="//", alpha=0.85))
                if name in printed:
                    ax.add_patch(Rectangle((j - 0.48, i - 0.48), 0.96, 0.96, fill=False,
                                           edgecolor="black", linewidth=2.5))
                if not np.isnan(grid[i, j]):
                    text = f"{grid[i, j]:+.3f}" + ("\nprinted" if name in printed else "")
                    ax.text(j, i, text, ha="center", va="center", fontsize=8)
            ax.set_xticks(range(len(xs)), xs, fontsize=8)
            ax.set_yticks(range(len(ys)), ys, fontsize=8)
            ax.set_xlabel(keys[0], fontsize=8)
            ax.set_ylabel(keys[1], fontsize=8)
            ax.set_title(f"{label}, {n}p", fontsize=9)
            fig.colorbar(im, ax=ax, shrink=0.8)
        if tied.get(n):
            fig.suptitle("hatched grey: tied with the fairest (not separated); "
                         "outlined: printed rules", fontsize=8)
        paths.append(save_plot(fig, folder / f"sweep_heatmap_{n}p.png"))
    return paths


def fairness_by_variant(summary: dict, folder: Path) -> list[Path]:
    """A sweep that is not a 2-D grid: the largest seat gap per variant (one colour each,
    the same as in every other plot), per player count."""
    variants = [v["name"] for v in summary.get("variants") or []]
    keys = list((summary.get("variants") or [{}])[0].get("grid", {}) or {})
    fair = summary.get("fairness") or []
    if len(variants) < 2 or len(keys) == 2 or not fair:
        return []
    colours = variant_colours(variants)
    counts = sorted({int(r["n_players"]) for r in fair})
    fig, axes = subplots(1, len(counts), squeeze=False, sharey=True,
                             figsize=(max(5.5, len(counts) * (0.5 * len(variants) + 1.5)),
                                      3.6))
    for ax, n in zip(axes[0], counts, strict=True):
        rows = {r["variant"]: r for r in fair if int(r["n_players"]) == n}
        here = [v for v in variants if v in rows]
        ax.bar(range(len(here)), [rows[v]["max_seat_deviation"] for v in here],
               color=[colours[v] for v in here])
        ax.set_xticks(range(len(here)), [f"V{variants.index(v) + 1}" for v in here])
        ax.set_title(f"{n} players", fontsize=9)
        for i, v in enumerate(here):
            ax.bar(i, 0, color=colours[v], label=variant_label(variants, v) if n == counts[-1]
                   else None)
    axes[0][0].set_ylabel("largest seat gap |share − 1/n|")
    fig.suptitle("Fairness per variant (smaller is fairer)", fontsize=10)
    _legend_outside(fig, axes[0][-1], variants)
    return [save_plot(fig, folder / "sweep_fairness.png")]


def standard_plots(summary: dict, turn_counts: pl.DataFrame, folder: Path, title: str,
                   unit: str = "turns") -> list[Path]:
    """The standard figures, from the summary's tables and a count of game lengths. A
    solo run has no seat-fairness plot (its seats are the player and the automaton)."""
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    if not summary.get("solo"):
        out.append(seat_win_share(pl.DataFrame(summary["seats"]),
                                  folder / "seat_win_share.png", f"{title}: seat win share"))
    out += [
        strategy_win_share(pl.DataFrame(summary["strategy_table"]),
                           folder / "strategy_win_share.png", f"{title}: strategy win share"),
        score_distribution(pl.DataFrame(summary["score_quantiles"]),
                           folder / "score_distribution.png", f"{title}: final scores"),
        game_length(turn_counts, folder / "game_length.png", f"{title}: game length", unit),
    ]
    if out[-1] is None:  # fixed length: drop a figure an earlier build left
        (folder / "game_length.png").unlink(missing_ok=True)
    return [p for p in out if p is not None]


def sweep_plots(summary: dict, folder: Path) -> list[Path]:
    """A sweep's own figures: heatmaps (2-D grid) or fairness per variant, and the forest
    plot of paired differences against the baseline."""
    from simcli.report import table_rows

    variants = [v["name"] for v in summary.get("variants") or []]
    out = heatmaps(summary, folder) + fairness_by_variant(summary, folder)
    out += forest(table_rows(summary, "sweep_tables", "paired_vs_baseline"), variants,
                  folder, variants[0] if variants else "")
    return out
