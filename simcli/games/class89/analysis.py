"""Class of '89 summary tables and plots (hooks ``tables(df)`` and ``plots(df, folder)``).

* Seat win share (95% Wilson interval) next to the starting signatures of the seat, per
  variant and player count — the designers' question about the starting table.
* Solo: the human strategy's win share against Ed per difficulty.
"""
from __future__ import annotations

from pathlib import Path

import polars as pl

from simcli.stats import t_ppf, wilson

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


def solo_by_difficulty(df: Frame) -> pl.DataFrame:
    """Solo games pooled over the bot strategies, per variant and difficulty: the bots'
    win share against Ed (Wilson 95%), the mean score margin (bot minus Ed, one value per
    game) with a t interval, and the best strategy."""
    names = _names(df)
    wanted = [c for c in ("variant", "solo_difficulty", "game_index", "n_players", "strategy",
                          "score", "win_share") if c in names]
    df = (df.lazy().filter(pl.col("n_players") == 1).select(wanted)
          .collect(engine="streaming"))      # solo rows only, the columns used: memory flat
    solo = df.filter((pl.col("n_players") == 1) & (pl.col("strategy") != "ed"))
    if solo.is_empty():
        return pl.DataFrame()
    join_on = ["game_index", *(["variant"] if "variant" in df.columns else [])]
    ed = (df.filter((pl.col("n_players") == 1) & (pl.col("strategy") == "ed"))
          .select(*join_on, pl.col("score").alias("ed_score")))
    solo = solo.join(ed, on=join_on, how="left").with_columns(
        (pl.col("score") - pl.col("ed_score")).alias("margin"))
    keys = [k for k in ("variant", "solo_difficulty") if k in solo.columns]
    rows = []
    for key, part in solo.group_by(keys, maintain_order=True):
        key = key if isinstance(key, tuple) else (key,)
        n = part.height
        wins = float(part["win_share"].sum())
        lo, hi = wilson(wins, n)
        margin = part["margin"].drop_nulls().to_numpy()
        mean = float(margin.mean()) if len(margin) else float("nan")
        half = (float(t_ppf(0.975, len(margin) - 1) * margin.std(ddof=1)
                      / len(margin) ** 0.5) if len(margin) > 1 else float("nan"))
        by = (part.group_by("strategy").agg(pl.col("win_share").mean(),
                                            pl.col("win_share").sum().alias("wins"),
                                            pl.len().alias("games"))
              .sort(["win_share", "strategy"], descending=[True, False]))
        best_lo, best_hi = wilson(float(by["wins"][0]), int(by["games"][0]))
        rows.append({**dict(zip(keys, key, strict=True)), "games": n, "wins": wins,
                     "win_share": wins / n, "ci_low": lo, "ci_high": hi,
                     "mean_score": float(part["score"].mean()),
                     "mean_ed_score": float(part["ed_score"].mean()),
                     "mean_margin": mean, "margin_ci_low": mean - half,
                     "margin_ci_high": mean + half,
                     "best_strategy": by["strategy"][0],
                     "best_strategy_win_share": float(by["win_share"][0]),
                     "best_strategy_ci_low": best_lo, "best_strategy_ci_high": best_hi})
    return pl.DataFrame(rows).sort(keys, maintain_order=True)


def tables(df: Frame) -> dict:
    out = {}
    seats = seat_table(df)
    if not seats.is_empty():
        out["Seat win share by starting signatures"] = seats
    by_difficulty = solo_by_difficulty(df)
    if not by_difficulty.is_empty():
        out["Solo against Ed by difficulty"] = by_difficulty
    solo = solo_table(df)
    if not solo.is_empty():
        out["Solo win share against Ed by difficulty"] = solo
    return out


def plots(df: Frame, folder: Path) -> list[Path]:
    """Seat win share by starting signatures (per player count, variants in run order
    with the standard plots' colours, legend outside) and, for solo runs, the bots' win
    share against Ed and the score margin per difficulty."""
    import matplotlib
    matplotlib.use("Agg")

    from simcli.plots import save_plot, subplots, variant_colours, variant_label

    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    paths = []

    def save(fig, name):
        """tight_layout (room for a legend outside the axes), then one draw."""
        paths.append(save_plot(fig, folder / name))

    seats = seat_table(df)
    order = (df.lazy().select(pl.col("variant").unique(maintain_order=True)).collect()
             ["variant"].to_list() if "variant" in _names(df)
             else [None])
    colours = variant_colours([str(v) for v in order])
    for n in ([] if seats.is_empty() else sorted(set(seats["n_players"].to_list()))):
        part = seats.filter(pl.col("n_players") == n)
        variants = [v for v in order if v is None or v in part["variant"].to_list()]
        fig, ax = subplots(figsize=(6, 3.5))
        width = 0.8 / len(variants)
        for k, var in enumerate(variants):
            sub = part if var is None else part.filter(pl.col("variant") == var)
            x = [s + (k - (len(variants) - 1) / 2) * width for s in sub["seat"].to_list()]
            y = sub["win_share"].to_list()
            err = [[max(0.0, a - b) for a, b in zip(y, sub["ci_low"].to_list(), strict=True)],
                   [max(0.0, b - a) for a, b in zip(y, sub["ci_high"].to_list(), strict=True)]]
            name = variant_label([str(v) for v in order], str(var)) if var else "run"
            label = f"{name}: {sub['start_signatures'].to_list()}"
            ax.bar(x, y, width=width * 0.92, yerr=err, capsize=3, label=label,
                   color=colours.get(str(var), "tab:blue"))
        ax.axhline(1.0 / n, color="grey", linestyle="--", linewidth=1)
        ax.set_xticks(range(1, n + 1), [str(s) for s in range(1, n + 1)])
        ax.set_xlabel("seat")
        ax.set_ylabel("win share (95% interval)")
        ax.set_title(f"Class of '89, {n} players: win share by seat\n(legend: starting "
                     "signatures per seat; dashed: fair share)", fontsize=9)
        ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)
        save(fig, f"class89_seats_{n}p.png")
    solo = solo_by_difficulty(df)
    if not solo.is_empty():
        labels = [(f"{r['variant']}\n" if solo["variant"].n_unique() > 1 else "")
                  + str(r.get("solo_difficulty", "")) for r in solo.iter_rows(named=True)]
        x = list(range(solo.height))
        fig, (left, right) = subplots(1, 2, figsize=(8, 3.4))
        y = solo["win_share"].to_list()
        left.bar(x, y, width=0.5, color="tab:blue", yerr=[
            [max(0.0, a - b) for a, b in zip(y, solo["ci_low"].to_list(), strict=True)],
            [max(0.0, b - a) for a, b in zip(y, solo["ci_high"].to_list(), strict=True)]],
            capsize=4)
        left.axhline(0.5, color="grey", linestyle="--", linewidth=1)
        left.set_ylim(0, 1)
        left.set_xticks(x, labels)
        left.set_ylabel("bots' win share against Ed")
        left.set_title("Win share against Ed (95% CI; dashed: even)", fontsize=9)
        m = solo["mean_margin"].to_list()
        right.bar(x, m, width=0.5, color=["tab:green" if v >= 0 else "tab:red" for v in m], yerr=[
            [max(0.0, a - b) for a, b in zip(m, solo["margin_ci_low"].to_list(), strict=True)],
            [max(0.0, b - a) for a, b in zip(m, solo["margin_ci_high"].to_list(),
                                             strict=True)]], capsize=4)
        right.axhline(0, color="black", linewidth=1)
        right.set_xticks(x, labels)
        right.set_ylabel("score margin (bot − Ed)")
        right.set_title("Mean score margin per game (95% CI)", fontsize=9)
        for ax in (left, right):
            ax.set_xlim(-0.75, len(x) - 0.25)
        fig.suptitle("Class of '89 solo against Ed, by difficulty", fontsize=10)
        save(fig, "class89_solo.png")
    return paths
