"""Statistics: intervals and tests against scipy and hand-worked numbers."""
from __future__ import annotations

import math

import pytest
from scipy import stats as sps

from simcli import stats


@pytest.mark.parametrize("k,n", [(0, 10), (3, 10), (50, 100), (250, 1000), (999, 1000)])
def test_wilson_matches_scipy_for_whole_counts(k, n):
    ci = sps.binomtest(k, n).proportion_ci(confidence_level=0.95, method="wilson")
    lo, hi = stats.wilson(k, n)
    assert lo == pytest.approx(ci.low, abs=1e-9) and hi == pytest.approx(ci.high, abs=1e-9)


def test_wilson_takes_fractional_wins_between_neighbours():
    lo, hi = stats.wilson(10.5, 40)
    lo_a, hi_a = stats.wilson(10, 40)
    lo_b, hi_b = stats.wilson(11, 40)
    assert lo_a < lo < lo_b and hi_a < hi < hi_b


def test_first_player_advantage_is_seat1_share_minus_fair_share():
    fpa = stats.first_player_advantage(300, 1000, 4)
    assert fpa["advantage"] == pytest.approx(0.05)
    assert fpa["ci_low"] < 0.05 < fpa["ci_high"]
    assert fpa["p_value"] == pytest.approx(sps.binomtest(300, 1000, 0.25).pvalue)
    assert fpa["p_value"] < 0.001


def test_chi_square_over_seats():
    chi, p = stats.chi_square_seats([250, 250, 250, 250])
    assert chi == 0 and p == 1
    chi, p = stats.chi_square_seats([300, 250, 250, 200])
    assert chi == pytest.approx(20.0) and p < 0.001


def test_games_to_detect_shrinks_with_larger_effects():
    small = stats.games_to_detect(0.25, 0.26)
    large = stats.games_to_detect(0.25, 0.30)
    assert small > large > 0
    assert stats.games_to_detect(0.25, 0.25) is None
    # normal approximation, hand-computed: ((1.96*sqrt(.1875)+0.8416*sqrt(.21))/.05)^2
    expected = ((1.959964 * math.sqrt(0.1875) + 0.841621 * math.sqrt(0.21)) / 0.05) ** 2
    assert large == math.ceil(expected)


def test_two_proportion_detects_a_clear_difference():
    res = stats.two_proportion(250, 1000, 350, 1000)
    assert res["diff"] == pytest.approx(0.1)
    assert res["ci_low"] > 0 and res["p_value"] < 1e-5
    same = stats.two_proportion(250, 1000, 250, 1000)
    assert same["p_value"] == pytest.approx(1.0)


def test_paired_difference():
    res = stats.paired_difference([0, 1, 0, 1, 0, 0], [1, 1, 0, 1, 1, 0])
    assert res["diff"] == pytest.approx(2 / 6)
    assert res["ci_low"] < res["diff"] < res["ci_high"]


def test_wilson_interval_contains_zero_and_one_shares():
    """A strategy that never (or always) wins: the interval still holds the estimate, so
    error bars are never negative."""
    lo, hi = stats.wilson(0, 37)
    assert lo == 0.0 and 0 < hi < 0.2
    lo, hi = stats.wilson(37, 37)
    assert 0.8 < lo and hi == 1.0


def test_quantiles_from_value_counts_match_nearest_rank():
    import numpy as np
    import polars as pl

    from simcli import tables

    rng = np.random.default_rng(3)
    scores = rng.integers(0, 40, 999).astype(float)
    df = pl.DataFrame({"variant": ["v"] * 999, "n_players": [2] * 999,
                       "seat": [1, 2, 1] * 333, "score": scores, "win_share": [0.5] * 999,
                       "place": [1] * 999})
    got = tables.score_quantiles(df)
    for seat in (1, 2):
        values = np.sort(scores[np.array([1, 2, 1] * 333) == seat])
        row = got.filter(pl.col("seat") == seat).row(0, named=True)
        for name, q in (("min", 0), ("q25", 0.25), ("median", 0.5), ("q75", 0.75),
                        ("max", 1)):
            assert row[name] == values[round(q * (len(values) - 1))]


@pytest.mark.parametrize("n", [1, 2, 7, 40, 250, 1000, 4003])
@pytest.mark.parametrize("p", [0.2, 0.25, 1 / 3, 0.5, 0.9])
def test_binomial_test_is_scipys(n, p):
    """stats.binomtest_pvalue and the binomial pmf/cdf/sf (pure Python, no scipy) equal
    scipy.stats to 1e-12 relative (5e-12 in tails below 1e-20, where the two differ from
    the exact value by a few 1e-13 each)."""
    def close(ours, ref):
        return ours == pytest.approx(ref, rel=1e-12 if ref > 1e-20 else 5e-12, abs=1e-300)

    for k in sorted({0, 1, n // 7, n // 4, n // 3, n // 2, round(p * n), n - 1, n}):
        if 0 <= k <= n:
            assert close(stats.binomtest_pvalue(k, n, p), sps.binomtest(k, n, p).pvalue), \
                (k, n, p)
            for ours, ref in ((stats.binom_pmf, sps.binom.pmf), (stats.binom_cdf, sps.binom.cdf),
                              (stats.binom_sf, sps.binom.sf)):
                assert close(ours(k, n, p), float(ref(k, n, p))), (ours.__name__, k, n, p)


@pytest.mark.parametrize("n", [10**5, 10**7])
def test_binomial_tails_of_large_runs_are_scipys(n):
    """Large runs: the exact test near and far from the fair share (5e-11 relative: the
    deep tails of 1e-200 and below are where the two implementations drift)."""
    for p in (0.25, 1 / 3, 0.5):
        for k in (round(p * n), round(p * n * 0.999), round(p * n * 1.01), round(p * n * 0.9)):
            assert stats.binomtest_pvalue(k, n, p) == pytest.approx(
                sps.binomtest(k, n, p).pvalue, rel=5e-11, abs=1e-300), (k, n, p)


@pytest.mark.parametrize("df", [1, 2, 3, 4, 7, 9.5, 19, 37.3, 99, 500, 4999])
def test_student_t_is_scipys(df):
    """t quantiles and tails (paired differences, Welch, Class of '89's margin interval)
    without scipy: scipy.stats.t to 1e-12 relative (1e-11 past 1000 degrees of freedom)."""
    rel = 1e-12 if df < 1000 else 1e-11
    for q in (0.6, 0.9, 0.975, 0.995, 0.025):
        assert stats.t_ppf(q, df) == pytest.approx(float(sps.t.ppf(q, df)), rel=rel)
    for t in (0.0001, 0.1, 1.0, 2.0, 3.5, 10.0, 40.0, -2.0):
        assert stats.t_sf(t, df) == pytest.approx(float(sps.t.sf(t, df)), rel=rel,
                                                  abs=1e-300)
    diff = stats.paired_difference([0, 1, 0, 1, 1, 0, 0.5], [1, 1, 0, 1, 0.5, 1, 1])
    ref = sps.ttest_rel([1, 1, 0, 1, 0.5, 1, 1], [0, 1, 0, 1, 1, 0, 0.5])
    assert diff["p_value"] == pytest.approx(ref.pvalue, rel=1e-12)


@pytest.mark.parametrize("wins", [[250, 250, 250, 250], [300, 250, 250, 200], [10.5, 3, 0.5],
                                  [1, 0], [1000, 900, 1100, 1000, 950]])
def test_chi_square_is_scipys(wins):
    chi, p = stats.chi_square_seats(wins)
    total = sum(wins)
    ref = sps.chisquare(wins, [total / len(wins)] * len(wins))
    assert chi == ref.statistic and p == pytest.approx(ref.pvalue, rel=1e-13)
    for df in range(1, 9):
        for x in (0.01, 0.5, 3.0, 10.0, 50.0, 200.0):
            assert stats._chi2_sf(x, df) == pytest.approx(float(sps.chi2.sf(x, df)),
                                                          rel=1e-13)


def test_normal_functions_are_scipys():
    for q in (0.5, 0.8, 0.975, 0.995, 1e-9, 0.3):
        assert stats.norm_ppf(q) == pytest.approx(sps.norm.ppf(q), rel=1e-15)
    assert stats.Z95 == pytest.approx(sps.norm.ppf(0.975), rel=1e-15)
    res = stats.two_proportion(480, 1000, 530, 1000)
    pooled = 1010 / 2000
    z = 0.05 / math.sqrt(pooled * (1 - pooled) * 2 / 1000)
    assert res["p_value"] == pytest.approx(2 * sps.norm.sf(z), rel=1e-12)


def test_a_run_summary_does_not_import_scipy():
    """scipy.special costs ~0.25 s and scipy.stats ~1 s to import: the statistics,
    summaries, findings and plots of a run do without scipy altogether."""
    import subprocess
    import sys

    code = ("import sys; from simcli import tables, report, plots, findings, stats; "
            "stats.binomtest_pvalue(30, 100, 0.25); stats.t_ppf(0.975, 20); "
            "print(sorted(m for m in sys.modules if m == 'scipy' or m.startswith('scipy.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"


def test_the_one_holm_and_bh_match_statsmodels_with_ties_and_ones():
    from statsmodels.stats.multitest import multipletests

    from simcli.stats import bh_adjust, holm_adjust

    for ps in ([0.01, 0.04, 0.03, 0.5], [0.02, 0.02, 1.0, 0.0], [0.7], []):
        ref_h = multipletests(ps, method="holm")[1] if ps else []
        ref_b = multipletests(ps, method="fdr_bh")[1] if ps else []
        assert holm_adjust(ps) == pytest.approx(list(ref_h))
        assert bh_adjust(ps) == pytest.approx(list(ref_b))


def test_tied_rows_of_the_strategy_and_end_tables_come_in_a_fixed_order():
    """Strategies tied on win share (and end reasons tied on games) are listed by name, so
    the same results give the same summary.json and plots; before, they came in the
    group_by's order, which changes between runs of the same folder."""
    import polars as pl

    from simcli import tables

    names = ["f", "c", "a", "e", "b", "d"]           # six strategies, all tied
    rows = [(g, s, name) for g in range(12) for s, name in enumerate(names)]
    df = pl.DataFrame({
        "variant": ["v"] * len(rows), "n_players": [6] * len(rows),
        "game_index": [g for g, _, _ in rows], "seat": [s + 1 for _, s, _ in rows],
        "strategy": [n for _, _, n in rows], "win_share": [1.0 if s == g % 6 else 0.0
                                                           for g, s, _ in rows],
        "score": [1.0] * len(rows), "place": [1.0] * len(rows),
        "end_reason": [names[g % 6] for g, _, _ in rows]})
    for _ in range(5):
        assert tables.strategy_table(df)["strategy"].to_list() == sorted(names)
        assert tables.end_reason_table(df)["end_reason"].to_list() == sorted(names)
