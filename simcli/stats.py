"""Intervals, tests and fairness measures, without scipy on the run path.

Win shares may be fractional (1/k for k tied winners); the Wilson interval below takes a
fractional success count and equals scipy's ``binomtest(...).proportion_ci("wilson")``
for whole counts (a test checks this).

What every run needs (normal quantiles, the exact binomial test, chi-square over seats,
Student's t) is written out here in pure Python (``math`` and ``statistics.NormalDist``):
importing ``scipy.special`` costs a quarter of a second and ``scipy.stats`` a second, more
than the games of a small run. The distribution functions follow the textbook methods
(Loader's saddle-point binomial, the incomplete beta by its continued fraction, the
closed forms of the chi-square with whole degrees of freedom); tests check each against
``scipy.stats`` to 1e-12 relative. Only the Mann-Whitney test (``simcli compare``)
imports ``scipy.stats``, when called.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from statistics import NormalDist

_NORMAL = NormalDist()


class _Stats:
    """``scipy.stats``, imported on first use."""

    def __getattr__(self, name):
        from scipy import stats as sps

        return getattr(sps, name)


stats = _Stats()


def norm_ppf(q: float) -> float:
    """The standard normal quantile (``scipy.stats.norm.ppf``; Wichura's AS241, as
    ``statistics.NormalDist`` computes it, within an ulp or two of scipy's)."""
    return _NORMAL.inv_cdf(q)


Z95 = norm_ppf(0.975)


def norm_sf(z: float) -> float:
    """P(Z > z) of the standard normal, accurate in the far tail (erfc)."""
    return 0.5 * math.erfc(z / math.sqrt(2.0))


# ------------------------------------------------------------------ the binomial
_LN_SQRT_2PI = 0.5 * math.log(2 * math.pi)
#: Stirling's error lgamma(n+1) - (n+1/2)ln n + n - ln sqrt(2 pi) for n = 0, 1/2, ..., 15
_SFERR = [0.0] + [math.lgamma(k / 2 + 1) - (k / 2 + 0.5) * math.log(k / 2) + k / 2
                  - _LN_SQRT_2PI for k in range(1, 31)]


def _stirlerr(n: float) -> float:
    """Stirling's error term (Loader 2000), accurate to the last bits."""
    if n <= 15.0:
        nn = n + n
        if nn == int(nn):
            return _SFERR[int(nn)]
        return math.lgamma(n + 1.0) - (n + 0.5) * math.log(n) + n - _LN_SQRT_2PI
    nn = n * n
    s0, s1, s2, s3, s4 = (1 / 12, 1 / 360, 1 / 1260, 1 / 1680, 1 / 1188)
    if n > 500:
        return (s0 - s1 / nn) / n
    if n > 80:
        return (s0 - (s1 - s2 / nn) / nn) / n
    if n > 35:
        return (s0 - (s1 - (s2 - s3 / nn) / nn) / nn) / n
    return (s0 - (s1 - (s2 - (s3 - s4 / nn) / nn) / nn) / nn) / n


def _bd0(x: float, np_: float) -> float:
    """x ln(x / np) + np - x without cancellation (Loader 2000)."""
    if abs(x - np_) < 0.1 * (x + np_):
        v = (x - np_) / (x + np_)
        s = (x - np_) * v
        ej = 2 * x * v
        v2 = v * v
        j = 1
        while True:
            ej *= v2
            s1 = s + ej / (2 * j + 1)
            if s1 == s:
                return s1
            s = s1
            j += 1
    return x * math.log(x / np_) + np_ - x


def binom_pmf(k: float, n: int, p: float) -> float:
    """P(X = k) for X ~ Binomial(n, p) (``scipy.stats.binom.pmf``), by Loader's
    saddle-point formula: accurate to a few ulps for any n."""
    if k < 0 or k > n or k != math.floor(k):
        return 0.0
    q = 1.0 - p
    if p == 0.0:
        return 1.0 if k == 0 else 0.0
    if q == 0.0:
        return 1.0 if k == n else 0.0
    if k == 0:
        return math.exp(n * math.log1p(-p))
    if k == n:
        return math.exp(n * math.log(p))
    lc = _stirlerr(n) - _stirlerr(k) - _stirlerr(n - k) - _bd0(k, n * p) - _bd0(n - k, n * q)
    return math.exp(lc) * math.sqrt(n / (2 * math.pi * k * (n - k)))


def _beta_cf(a: float, b: float, x: float) -> float:
    """The continued fraction of the regularized incomplete beta (modified Lentz)."""
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c = 1.0
    d = 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 100000):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < 1e-16:
            break
    return h


def _binom_sf_direct(k: int, n: int, p: float) -> float:
    """P(X > k) = I_p(k+1, n-k) by the continued fraction (best when p < (k+2)/(n+3)).
    Its front factor p^(k+1) q^(n-k) / ((k+1) B(k+1, n-k)) is pmf(k) p (n-k)/(k+1)."""
    a, b = k + 1.0, float(n - k)
    front = binom_pmf(k, n, p) * p * (n - k) / (k + 1)
    return front * _beta_cf(a, b, p)


def _binom_upper(k: int, n: int, p: float, q: float) -> float:
    """P(X > k) for 0 <= k < n, X ~ Binomial(n, p), given q = 1 - p as the caller has it:
    the continued fraction on whichever side converges."""
    if p < (k + 2.0) / (n + 3.0):
        return _binom_sf_direct(k, n, p)
    return 1.0 - _binom_sf_direct(n - k - 1, n, q)


def binom_sf(k: float, n: int, p: float) -> float:
    """P(X > k) for X ~ Binomial(n, p) (``scipy.stats.binom.sf``)."""
    k = math.floor(k)
    if k < 0:
        return 1.0
    if k >= n:
        return 0.0
    return _binom_upper(k, n, p, 1.0 - p)


def binom_cdf(k: float, n: int, p: float) -> float:
    """P(X <= k) for X ~ Binomial(n, p) (``scipy.stats.binom.cdf``)."""
    k = math.floor(k)
    if k < 0:
        return 0.0
    if k >= n:
        return 1.0
    # P(X <= k) = P(n - X > n - k - 1) with n - X ~ Binomial(n, 1 - p)
    return _binom_upper(n - k - 1, n, 1.0 - p, p)


# ------------------------------------------------------------------ Student's t
def _beta_front(a: float, b: float, x: float, y: float) -> float:
    """x^a y^b / B(a, b) (y = 1 - x) without cancellation: Loader's saddle-point form
    (Stirling errors and :func:`_bd0`), accurate for large ``a`` or ``b``."""
    c = a + b
    s = _stirlerr(c) - _stirlerr(a) - _stirlerr(b)
    return math.exp(s - _bd0(a, c * x) - _bd0(b, c * y)) * math.sqrt(a * b / c) / math.sqrt(
        2 * math.pi)


def _betainc(a: float, b: float, x: float, y: float) -> float:
    """The regularized incomplete beta I_x(a, b) (``scipy.special.betainc``), given
    both x and y = 1 - x (each computed without cancellation by the caller)."""
    if x <= 0.0:
        return 0.0
    if y <= 0.0:
        return 1.0
    front = _beta_front(a, b, x, y)
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _beta_cf(a, b, x) / a
    return 1.0 - front * _beta_cf(b, a, y) / b


def t_sf(t: float, df: float) -> float:
    """P(T > t) of Student's t with ``df`` degrees of freedom (``scipy.stats.t.sf``)."""
    if math.isinf(df):
        return norm_sf(t)
    tail = 0.5 * _betainc(df / 2.0, 0.5, df / (df + t * t), t * t / (df + t * t))
    return tail if t > 0 else 1.0 - tail


def _t_pdf(t: float, df: float) -> float:
    lc = (math.lgamma((df + 1) / 2) - math.lgamma(df / 2) - 0.5 * math.log(df * math.pi))
    return math.exp(lc - (df + 1) / 2 * math.log1p(t * t / df))


def t_ppf(q: float, df: float) -> float:
    """The quantile of Student's t (``scipy.stats.t.ppf``), by Newton's method on
    :func:`t_sf` from the normal quantile."""
    if q == 0.5:
        return 0.0
    if q < 0.5:
        return -t_ppf(1.0 - q, df)
    target = 1.0 - q
    x = norm_ppf(q)
    if df < 3:  # exact for 1 and 2 degrees of freedom
        if df == 1:
            return math.tan(math.pi * (q - 0.5))
        if df == 2:
            a = 4 * q * (1 - q)
            return 2 * (q - 0.5) * math.sqrt(2 / a)
    for _ in range(100):
        step = (t_sf(x, df) - target) / _t_pdf(x, df)
        x += step
        if abs(step) <= 1e-15 * abs(x):
            break
    return x


def _chi2_sf(x: float, df: int) -> float:
    """P(chi2_df > x) for whole ``df`` (``scipy.special.chdtrc``): the closed forms of the
    regularized upper incomplete gamma at half-integers."""
    if x <= 0:
        return 1.0
    h = x / 2.0
    if df % 2 == 0:
        term = total = 1.0
        for j in range(1, df // 2):
            term *= h / j
            total += term
        return math.exp(-h) * total
    total = math.erfc(math.sqrt(h))
    if df > 1:
        term = math.sqrt(h) / math.gamma(1.5)
        acc = term
        for j in range(2, (df + 1) // 2):
            term *= h / (j - 0.5)
            acc += term
        total += math.exp(-h) * acc
    return total


def binomtest_pvalue(k: int, n: int, p: float) -> float:
    """Two-sided exact binomial test: ``scipy.stats.binomtest(k, n, p).pvalue`` (the same
    algorithm and distribution functions; a test compares them)."""
    pmf, cdf, sf = binom_pmf, binom_cdf, binom_sf
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
    observed = [float(w) for w in wins]
    total = _seq_sum(observed)
    if total <= 0 or len(observed) < 2:
        return (0.0, 1.0)
    expected = total / len(observed)
    statistic = _seq_sum([(o - expected) ** 2 / expected for o in observed])
    return (statistic, _chi2_sf(statistic, len(observed) - 1))


def _seq_sum(xs: list[float]) -> float:
    """Left-to-right float sum: the same on every Python (3.12's ``sum()`` compensates),
    and numpy's (so scipy's) own order for the fewer than 8 terms of a table's seats."""
    acc = 0.0
    for x in xs:
        acc += x
    return acc


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
    p = 1.0 if se == 0 else 2 * norm_sf(abs(diff) / se)
    return {"base": p1, "new": p2, "diff": diff, "ci_low": lo, "ci_high": hi, "p_value": p}


def paired_difference(base: Sequence[float], new: Sequence[float]) -> dict:
    """Mean paired difference (new - base) over the same seeds: t interval and p-value."""
    a, b = list(base), list(new)
    if len(a) != len(b):
        raise ValueError(f"paired samples of {len(a)} and {len(b)} values")
    d = [float(y) - float(x) for x, y in zip(a, b, strict=True)]
    n = len(d)
    if n < 2:
        return {"diff": d[0] if n else 0.0, "ci_low": -1.0, "ci_high": 1.0,
                "p_value": 1.0, "n": n}
    mean = math.fsum(d) / n            # exactly rounded sums: no numpy on the run path
    sd = math.sqrt(math.fsum((x - mean) ** 2 for x in d) / (n - 1))
    if sd == 0:
        return {"diff": mean, "ci_low": mean, "ci_high": mean,
                "p_value": 1.0 if mean == 0 else 0.0, "n": n}
    se = sd / math.sqrt(n)
    t = t_ppf(0.975, n - 1)
    p = 2 * t_sf(abs(mean / se), n - 1)
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


def seat_pvalues(wins: Sequence[float], games: Sequence[int],
                 fair: Sequence[float]) -> tuple[list[float], list[float]]:
    """Each seat's exact binomial p against its fair share, and those p-values
    Holm-adjusted over the seats: the seat test of the findings and of the fairness
    table's first-player row."""
    ps = [binom_pvalue(w, int(g), f) for w, g, f in zip(wins, games, fair, strict=True)]
    return ps, holm_adjust(ps)


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
