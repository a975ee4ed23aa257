"""Intervals, tests and fairness measures (scipy).

Win shares may be fractional (1/k for k tied winners); the Wilson interval below takes a
fractional success count and equals scipy's ``binomtest(...).proportion_ci("wilson")``
for whole counts (a test checks this).

What every run needs (normal quantiles, the binomial and chi-square tests) uses the
distribution functions of ``scipy.special``, the ones ``scipy.stats`` itself calls:
importing ``scipy.stats`` costs about half a second, a third of a small run. The rest
imports ``scipy.stats`` when called. Tests check each against ``scipy.stats``.
"""
from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
from scipy import special

Z95 = float(special.ndtri(0.975))


class _Stats:
    """``scipy.stats``, imported on first use."""

    def __getattr__(self, name):
        from scipy import stats as sps

        return getattr(sps, name)


stats = _Stats()


def norm_ppf(q: float) -> float:
    return float(special.ndtri(q))


def _binom_funcs():
    """(pmf, cdf, sf) of the binomial: scipy.stats' own ufuncs, or scipy.stats."""
    try:
        from scipy.special._ufuncs import _binom_cdf, _binom_pmf, _binom_sf
    except ImportError:  # pragma: no cover - a scipy that renamed them
        from scipy.stats import binom

        return binom.pmf, binom.cdf, binom.sf

    def pmf(k, n, p):
        return float(_binom_pmf(k, n, p)) if 0 <= k <= n else 0.0

    def cdf(k, n, p):
        k = math.floor(k)
        return 0.0 if k < 0 else 1.0 if k >= n else float(_binom_cdf(k, n, p))

    def sf(k, n, p):
        k = math.floor(k)
        return 1.0 if k < 0 else 0.0 if k >= n else float(_binom_sf(k, n, p))

    return pmf, cdf, sf


def binomtest_pvalue(k: int, n: int, p: float) -> float:
    """Two-sided exact binomial test: ``scipy.stats.binomtest(k, n, p).pvalue`` (the same
    algorithm and distribution functions; a test compares them)."""
    pmf, cdf, sf = _binom_funcs()
    d = pmf(k, n, p)
    rerr = 1 + 1e-7
    if k == p * n:
        return 1.0

    def search(a, target, lo, hi):  # scipy's _binary_search_for_binom_tst
        while lo < hi:
            mid = lo + (hi - lo) // 2
            value = a(mid)
            if value < target:
                lo = mid + 1
            elif value > target:
                hi = mid - 1
            else:
                return mid
        return lo if a(lo) <= target else lo - 1

    if k < p * n:
        ix = search(lambda x: -pmf(x, n, p), -d * rerr, math.ceil(p * n), n)
        y = n - ix + int(d * rerr == pmf(ix, n, p))
        pval = cdf(k, n, p) + sf(n - y, n, p)
    else:
        ix = search(lambda x: pmf(x, n, p), d * rerr, 0, math.floor(p * n))
        pval = cdf(ix, n, p) + sf(k - 1, n, p)
    return min(1.0, pval)


def wilson(successes: float, n: float, confidence: float = 0.95) -> tuple[float, float]:
    """Wilson score interval for a proportion ``successes / n``."""
    if n <= 0:
        return (0.0, 1.0)
    z = norm_ppf(0.5 + confidence / 2)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    # rounding can put a bound a hair past the estimate at 0 or 1: keep p inside
    return (max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))


def binom_pvalue(successes: float, n: int, p: float) -> float:
    """Two-sided exact binomial test (fractional successes rounded to whole games)."""
    if n <= 0:
        return 1.0
    k = int(round(successes))
    return binomtest_pvalue(k, n, p)


def chi_square_seats(wins: Sequence[float]) -> tuple[float, float]:
    """Goodness of fit of seat wins against equal shares: (statistic, p-value)."""
    observed = np.asarray(wins, dtype=float)
    total = observed.sum()
    if total <= 0 or len(observed) < 2:
        return (0.0, 1.0)
    expected = np.full(len(observed), total / len(observed))
    statistic = float(((observed - expected) ** 2 / expected).sum())
    return (statistic, float(special.chdtrc(len(observed) - 1, statistic)))


def first_player_advantage(seat1_wins: float, n_games: int, n_players: int) -> dict:
    """Seat 1's win share minus the fair share 1/n, with interval and binomial test."""
    fair = 1.0 / n_players
    share = seat1_wins / n_games if n_games else 0.0
    lo, hi = wilson(seat1_wins, n_games)
    return {
        "seat1_share": share,
        "fair_share": fair,
        "advantage": share - fair,
        "ci_low": lo - fair,
        "ci_high": hi - fair,
        "p_value": binom_pvalue(seat1_wins, n_games, fair),
        "games_needed": games_to_detect(fair, share),
    }


def games_to_detect(p0: float, p1: float, alpha: float = 0.05, power: float = 0.8) -> int | None:
    """Games needed for a one-sample binomial test at ``alpha`` to detect share ``p1``
    against ``p0`` with the given power (normal approximation). None if p1 == p0."""
    d = abs(p1 - p0)
    if d < 1e-12:
        return None
    za = norm_ppf(1 - alpha / 2)
    zb = norm_ppf(power)
    n = ((za * math.sqrt(p0 * (1 - p0)) + zb * math.sqrt(p1 * (1 - p1))) / d) ** 2
    return int(math.ceil(n))


def two_proportion(w1: float, n1: int, w2: float, n2: int) -> dict:
    """Difference of two independent proportions (new - base): Newcombe interval and
    two-sided z-test p-value."""
    p1 = w1 / n1 if n1 else 0.0
    p2 = w2 / n2 if n2 else 0.0
    l1, u1 = wilson(w1, n1)
    l2, u2 = wilson(w2, n2)
    diff = p2 - p1
    lo = diff - math.sqrt((p2 - l2) ** 2 + (u1 - p1) ** 2)
    hi = diff + math.sqrt((u2 - p2) ** 2 + (p1 - l1) ** 2)
    pooled = (w1 + w2) / (n1 + n2) if n1 + n2 else 0.0
    se = math.sqrt(pooled * (1 - pooled) * (1 / max(n1, 1) + 1 / max(n2, 1)))
    p = 1.0 if se == 0 else float(2 * special.ndtr(-abs(diff) / se))
    return {"base": p1, "new": p2, "diff": diff, "ci_low": lo, "ci_high": hi, "p_value": p}


def paired_difference(base: Sequence[float], new: Sequence[float]) -> dict:
    """Mean paired difference (new - base) over the same seeds: t interval and p-value."""
    a = np.asarray(base, dtype=float)
    b = np.asarray(new, dtype=float)
    d = b - a
    n = len(d)
    if n < 2:
        return {"diff": float(d.mean()) if n else 0.0, "ci_low": -1.0, "ci_high": 1.0,
                "p_value": 1.0, "n": n}
    mean = float(d.mean())
    sd = float(d.std(ddof=1))
    if sd == 0:
        return {"diff": mean, "ci_low": mean, "ci_high": mean,
                "p_value": 1.0 if mean == 0 else 0.0, "n": n}
    se = sd / math.sqrt(n)
    t = float(stats.t.ppf(0.975, n - 1))
    p = float(2 * stats.t.sf(abs(mean / se), n - 1))
    return {"diff": mean, "ci_low": mean - t * se, "ci_high": mean + t * se, "p_value": p, "n": n}


def mann_whitney(base: Sequence[float], new: Sequence[float]) -> float:
    """Two-sided Mann-Whitney U p-value (1.0 when either sample is empty or constant)."""
    if len(base) == 0 or len(new) == 0:
        return 1.0
    try:
        return float(stats.mannwhitneyu(base, new, alternative="two-sided").pvalue)
    except ValueError:
        return 1.0


def holm_adjust(ps: list[float]) -> list[float]:
    """Holm step-down adjusted p-values, as statsmodels' ``multipletests(ps,
    method="holm")[1]`` (tests check it): written out because importing statsmodels
    (scipy.stats, pandas) costs a small run more than its games, and its Holm branch runs
    ``gc.collect()`` on every call. The one Holm of simcli (findings, compare, ladder,
    confirm)."""
    if not ps:
        return []
    m = len(ps)
    order = sorted(range(m), key=lambda i: ps[i])
    out = [0.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, (m - rank) * float(ps[i]))
        out[i] = min(running, 1.0)
    return out


def bh_adjust(ps: list[float]) -> list[float]:
    """Benjamini-Hochberg adjusted p-values, as statsmodels' ``multipletests(ps,
    method="fdr_bh")[1]`` (a test checks it)."""
    if not ps:
        return []
    m = len(ps)
    order = sorted(range(m), key=lambda i: ps[i])
    out = [0.0] * m
    running = math.inf
    for rank in range(m - 1, -1, -1):
        i = order[rank]
        running = min(running, float(ps[i]) / ((rank + 1) / m))
        out[i] = min(running, 1.0)
    return out
