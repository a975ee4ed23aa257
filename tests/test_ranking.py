"""Variant rankings with paired bootstrap intervals (simcli.ranking), checked against scipy."""
from __future__ import annotations

import numpy as np
import pytest
from scipy import stats as sps

from simcli import ranking


def _games(rng, shares, g):
    """Per-game win-share matrix (games x seats) from winners drawn with ``shares``."""
    winners = rng.choice(len(shares), size=g, p=shares)
    return np.eye(len(shares))[winners]


def test_chi_square_is_scipys_goodness_of_fit_on_win_counts():
    rng = np.random.default_rng(0)
    mat = _games(rng, [0.3, 0.25, 0.25, 0.2], 500)
    _, chi = ranking.unfairness(mat.mean(axis=0), len(mat))
    assert chi == pytest.approx(sps.chisquare(mat.sum(axis=0)).statistic)


def test_bootstrap_interval_matches_scipy_percentile_bootstrap():
    rng = np.random.default_rng(1)
    mat = _games(rng, [0.4, 0.35, 0.25], 800)
    rows = ranking.rank(["only", "other"], np.stack([mat, _games(rng, [1 / 3] * 3, 800)]),
                        reps=2000)
    row = next(r for r in rows if r["variant"] == "only")

    def maxdev(idx):
        return np.abs(mat[idx.astype(int)].mean(axis=0) - 1 / 3).max()

    ref = sps.bootstrap((np.arange(len(mat)),), maxdev, n_resamples=2000, method="percentile",
                        vectorized=False, random_state=2).confidence_interval
    assert row["unfairness_lo"] == pytest.approx(ref.low, abs=0.01)
    assert row["unfairness_hi"] == pytest.approx(ref.high, abs=0.01)


def test_ties_and_a_separated_fairest():
    rng = np.random.default_rng(3)
    fair = _games(rng, [0.25] * 4, 2000)
    same = fair.copy()                       # the same games: indistinguishable
    bad = _games(rng, [0.4, 0.2, 0.2, 0.2], 2000)
    rows = ranking.rank(["fair", "same", "bad"], np.stack([fair, same, bad]))
    by = {r["variant"]: r for r in rows}
    assert by["fair"]["tied_with_best"] and by["same"]["tied_with_best"]
    assert not by["bad"]["tied_with_best"] and by["bad"]["p_vs_best"] < 0.01
    assert rows[0]["fairest"] is False       # tied with "same": no single fairest
    assert rows[-1]["variant"] == "bad" and rows[-1]["unfairness_lo"] > 0.1
    alone = ranking.rank(["fair", "bad"], np.stack([fair, bad]))
    assert alone[0]["variant"] == "fair" and alone[0]["fairest"] is True
    assert alone[0]["separated_from_next"] is True and alone[0]["games_needed"] is None


def test_games_needed_for_close_variants_and_determinism():
    rng = np.random.default_rng(4)
    a = _games(rng, [0.26, 0.25, 0.25, 0.24], 400)
    b = _games(rng, [0.29, 0.24, 0.24, 0.23], 400)
    rows = ranking.rank(["a", "b"], np.stack([a, b]))
    assert rows == ranking.rank(["a", "b"], np.stack([a, b]))   # seeded
    if not rows[0]["separated_from_next"]:
        assert rows[0]["games_needed"] > 400
