"""Rank rules variants by seat unfairness, with paired bootstrap intervals over games.

All variants of a sweep (or a ``balance`` search) play the same game indices with the same
seeds, so one bootstrap resample of game indices is applied to every variant at once
(a paired bootstrap: the resampled games are the same deals for each variant). The
resample is drawn as multinomial weights over the games, so each replicate is a matrix
product (numpy, vectorised, seeded).

Unfairness of a variant with seat shares ``s`` over ``G`` games and ``n`` seats:

- ``max_seat_deviation`` = max over seats of ``|s_k - 1/n|``;
- ``chi_square`` = the goodness-of-fit statistic of seat wins against equal shares,
  ``G * n * sum_k (s_k - 1/n)^2`` (equal to scipy's ``chisquare`` on the win counts).

A variant is *tied with the best* when the paired bootstrap does not separate its
unfairness from the fairest variant's: its two-sided bootstrap p-value of the difference,
corrected over the variants with Benjamini–Hochberg (statsmodels), is at least 0.05.
"""
from __future__ import annotations

import math

import numpy as np
from scipy import stats as sps
from statsmodels.stats.multitest import multipletests

BOOTSTRAP = 1000
SEED = 20260113
LEVEL = 0.05
CORRECTION = "Benjamini-Hochberg over the variants (paired bootstrap p-values)"


def unfairness(shares: np.ndarray, games: int) -> tuple[np.ndarray, np.ndarray]:
    """(max |share - 1/n|, chi-square statistic) over the last axis of ``shares``."""
    n = shares.shape[-1]
    dev = shares - 1.0 / n
    return np.abs(dev).max(axis=-1), games * n * (dev * dev).sum(axis=-1)


def bootstrap(mats: np.ndarray, reps: int = BOOTSTRAP, seed: int = SEED,
              block: int = 100) -> tuple[np.ndarray, np.ndarray]:
    """Replicates of both unfairness measures: arrays (reps x variants).

    ``mats`` is (variants x games x seats) of per-game win shares on common games."""
    v, g, n = mats.shape
    rng = np.random.default_rng(seed)
    flat = mats.transpose(1, 0, 2).reshape(g, v * n)
    maxdev = np.empty((reps, v))
    chi = np.empty((reps, v))
    for lo in range(0, reps, block):
        hi = min(reps, lo + block)
        w = rng.multinomial(g, np.full(g, 1.0 / g), size=hi - lo).astype(float)
        shares = (w @ flat / g).reshape(hi - lo, v, n)
        maxdev[lo:hi], chi[lo:hi] = unfairness(shares, g)
    return maxdev, chi


def rank(names: list[str], mats: np.ndarray, reps: int = BOOTSTRAP,
         seed: int = SEED) -> list[dict]:
    """Ranking rows, fairest first (smallest max |seat share - 1/n|).

    Columns: rank, variant, games, max_seat_deviation, unfairness_lo, unfairness_hi,
    chi_square, chi_square_lo, chi_square_hi, chi_p_value, p_vs_best (BH-adjusted),
    tied_with_best, fairest (true on the first row only when it is separated from every
    other variant), separated_from_next and games_needed (first row: games per variant
    that would separate the top two with 80% power)."""
    v, g, n = mats.shape
    point_dev, point_chi = unfairness(mats.mean(axis=1), g)
    if g >= 2:
        boot_dev, boot_chi = bootstrap(mats, reps, seed)
    else:
        boot_dev = np.repeat(point_dev[None], 2, axis=0)
        boot_chi = np.repeat(point_chi[None], 2, axis=0)
    order = sorted(range(v), key=lambda i: (point_dev[i], i))
    best = order[0]
    diffs = boot_dev - boot_dev[:, [best]]          # reps x variants, paired
    k = len(diffs)
    p_raw = np.ones(v)
    for i in range(v):
        if i != best:
            below = (np.sum(diffs[:, i] <= 0) + 1) / (k + 1)
            above = (np.sum(diffs[:, i] >= 0) + 1) / (k + 1)
            p_raw[i] = min(1.0, 2 * min(below, above))
    others = [i for i in range(v) if i != best]
    p_adj = np.ones(v)
    if others:
        p_adj[others] = multipletests(p_raw[others], alpha=LEVEL, method="fdr_bh")[1]
    tied = [i == best or p_adj[i] >= LEVEL for i in range(v)]
    lo_dev, hi_dev = np.percentile(boot_dev, [2.5, 97.5], axis=0)
    lo_chi, hi_chi = np.percentile(boot_chi, [2.5, 97.5], axis=0)
    rows = []
    for r, i in enumerate(order, start=1):
        rows.append({
            "rank": r, "variant": names[i], "games": g,
            "max_seat_deviation": float(point_dev[i]),
            "unfairness_lo": float(lo_dev[i]), "unfairness_hi": float(hi_dev[i]),
            "chi_square": float(point_chi[i]), "chi_square_lo": float(lo_chi[i]),
            "chi_square_hi": float(hi_chi[i]),
            "chi_p_value": float(sps.chi2.sf(point_chi[i], n - 1)),
            "p_vs_best": None if i == best else float(p_adj[i]),
            "tied_with_best": bool(tied[i]), "fairest": False,
            "separated_from_next": None, "games_needed": None,
        })
    rows[0]["fairest"] = v > 1 and not any(tied[i] for i in others)
    if v >= 2:
        nxt = order[1]
        d = diffs[:, nxt]
        sep = bool(np.percentile(d, 2.5) > 0 or np.percentile(d, 97.5) < 0)
        rows[0]["separated_from_next"] = sep
        delta = float(point_dev[nxt] - point_dev[best])
        sd = float(d.std(ddof=1))
        if not sep and delta > 1e-12 and sd > 0:
            z = sps.norm.ppf(1 - LEVEL / 2) + sps.norm.ppf(0.8)
            rows[0]["games_needed"] = int(math.ceil(g * (z * sd / delta) ** 2))
    return rows
