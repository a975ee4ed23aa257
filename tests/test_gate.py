"""The sequential gate of ``simcli check``: SPRT arithmetic against scipy, Holm step-down,
a simulated false-fail rate, and the command's three exit statuses on the toy dice race."""
from __future__ import annotations

import json
import math

import numpy as np
import pytest
from scipy import stats as sps
from typer.testing import CliRunner

from simcli import gate_sim, sprt
from simcli.cli import app

runner = CliRunner()
TOY = "toygame:GAME"


def test_llr_is_the_normal_log_likelihood_ratio_of_scipy():
    rng = np.random.default_rng(0)
    x = rng.normal(0.01, 0.5, 300)
    sd = 0.5
    ours = sprt.llr(x.mean(), sd * sd, len(x), 0.0, 0.02)
    ref = float(np.sum(sps.norm.logpdf(x, 0.02, sd) - sps.norm.logpdf(x, 0.0, sd)))
    assert ours == pytest.approx(ref, rel=1e-9)


def test_wald_bounds_are_fishtests_2_94():
    assert sprt.upper_bound(0.05, 0.05) == pytest.approx(2.944, abs=1e-3)
    assert sprt.lower_bound(0.05, 0.05) == pytest.approx(-2.944, abs=1e-3)


def test_moments_match_numpy_with_missing_values():
    rng = np.random.default_rng(1)
    x = rng.normal(size=(50, 3))
    x[::7, 1] = np.nan
    n, mean, var = sprt.moments(x, np.array([20, 50]))
    for k, stop in enumerate((20, 50)):
        for j in range(3):
            col = x[:stop, j][~np.isnan(x[:stop, j])]
            assert n[k, j] == len(col)
            assert mean[k, j] == pytest.approx(col.mean())
            assert var[k, j] == pytest.approx(col.var(ddof=1))


def test_holm_step_down_levels():
    tests = [sprt.OneSided(f"s{i}", "up", 0.0, 1.0) for i in range(4)]
    fam = sprt.Family(tests, alpha=0.05, beta=0.05)
    # LLRs chosen between the step-down bounds: log(0.95/(0.05/4)) = 4.33,
    # log(0.95/(0.05/3)) = 4.04, log(0.95/(0.05/2)) = 3.64
    targets = np.array([4.5, 4.1, 3.7, 0.0])
    n = np.full(4, 100.0)
    var = np.full(4, 1.0)
    # llr = n (2 mean - 1) / 2  ->  mean = (2 llr / n + 1) / 2
    fam.look(n, (2 * targets / n + 1) / 2, var)
    verdicts = [t.verdict for t in fam.tests]
    assert verdicts == ["fail", "fail", "fail", "undecided"]
    assert [t.level for t in fam.tests[:3]] == pytest.approx([0.0125, 0.05 / 3, 0.025])
    # Bonferroni alone would stop after the first: 4.1 < 4.33
    assert fam.tests[1].llr < sprt.upper_bound(0.05 / 4, 0.05)


def test_simulated_false_fail_rate_is_near_alpha_and_the_shift_is_caught():
    rows = gate_sim.measure(runs=120, tolerance=0.06, look=100, max_games=20_000, seed=3)
    null, shifted = rows
    # binomial sd of a 0.05 rate over 120 runs is 0.02: allow alpha + 3 sd
    assert null["fail_rate"] <= 0.05 + 3 * math.sqrt(0.05 * 0.95 / 120)
    assert null["undecided_rate"] < 0.05
    assert shifted["fail_rate"] >= 0.9
    assert shifted["mean_games"] < null["fixed_games_same_power"]


def _scenario(tmp_path, body, name="s.toml"):
    path = tmp_path / name
    path.write_text(f'game = "{TOY}"\n' + body)
    return path


def test_identical_rerun_passes_at_the_first_look_paired(tmp_path):
    path = _scenario(tmp_path, "players = 3\ngames = 600\nseed = 4\n")
    base = tmp_path / "base"
    assert runner.invoke(app, ["run", "--scenario", str(path), "--out", str(base), "--jobs",
                               "1", "--quiet"]).exit_code == 0
    out = tmp_path / "rerun"
    ok = runner.invoke(app, ["check", str(path), "--baseline", str(base), "--jobs", "1",
                             "--quiet", "--out", str(out)])
    assert ok.exit_code == 0, ok.output
    assert "PASS" in ok.output and "after 200 games" in ok.output
    assert "paired: same game seeds" in ok.output and "Holm" in ok.output
    record = json.loads((out / "check.json").read_text())
    assert record["verdict"] == "PASS" and record["games"] == 200
    assert record["family"] == 6  # 3 seats (one strategy in every seat), two sides each
    assert record["paired"] == {"games": 200, "same_seed": 200}
    # a tiny tolerance needs more identical games (variance floor 1/n ~ rule of three)
    strict = runner.invoke(app, ["check", str(path), "--baseline", str(base), "--tolerance",
                                 "0.005", "--jobs", "1", "--quiet", "--out", str(out)])
    assert strict.exit_code == 0, strict.output
    assert "PASS" in strict.output and "after 600 games" in strict.output


def test_undecided_at_max_games_exits_3(tmp_path):
    path = _scenario(tmp_path, "players = 3\ngames = 400\nseed = 4\n")
    base = tmp_path / "base"
    assert runner.invoke(app, ["run", "--scenario", str(path), "--out", str(base), "--jobs",
                               "1", "--quiet"]).exit_code == 0
    other = _scenario(tmp_path, "players = 3\ngames = 400\nseed = 99\n", "other.toml")
    res = runner.invoke(app, ["check", str(other), "--baseline", str(base), "--jobs", "1",
                              "--quiet", "--out", str(tmp_path / "o")])
    assert res.exit_code == 3, res.output
    assert "UNDECIDED" in res.output and "more games" in res.output
    assert "independent pairs" in res.output
    too_many = runner.invoke(app, ["check", str(other), "--baseline", str(base),
                                   "--max-games", "800", "--quiet"])
    assert too_many.exit_code == 2 and "exceeds the baseline" in too_many.output


def test_bounds_narrower_than_twice_the_tolerance_are_refused(tmp_path):
    path = _scenario(tmp_path, 'players = 3\n[check]\nseat_share = { "1" = [0.33, 0.35] }\n')
    res = runner.invoke(app, ["check", str(path), "--quiet"])
    assert res.exit_code == 2 and "narrower" in res.output
    path = _scenario(tmp_path, 'players = 3\n[check]\nstrategy_share = { nope = [0, 0.5] }\n')
    res = runner.invoke(app, ["check", str(path), "--quiet"])
    assert res.exit_code == 2 and "no such strategy" in res.output


def test_step_down_rejections_equal_statsmodels_holm_on_wald_p_values(monkeypatch):
    """LLR >= log((1 - beta) / a) <=> (1 - beta) exp(-LLR) <= a: at a single look the
    sequential step-down rejects exactly what Holm rejects on those p-values.
    (statsmodels' Holm runs ``gc.collect()`` on every call, most of this test's time.)"""
    import gc

    from statsmodels.stats.multitest import multipletests

    monkeypatch.setattr(gc, "collect", lambda *args, **kwargs: 0)

    rng = np.random.default_rng(7)
    for _ in range(50):
        m = int(rng.integers(2, 12))
        targets = rng.uniform(0, 8, m)
        tests = [sprt.OneSided(f"s{i}", "up", 0.0, 1.0) for i in range(m)]
        fam = sprt.Family(tests, alpha=0.05, beta=0.05)
        n = np.full(m, 100.0)
        fam.look(n, (2 * targets / n + 1) / 2, np.ones(m))
        ours = [t.verdict == "fail" for t in fam.tests]
        ref = multipletests(0.95 * np.exp(-targets), alpha=0.05, method="holm")[0]
        assert ours == list(ref)
