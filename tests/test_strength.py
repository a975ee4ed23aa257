"""The one-seat strength harness: rotation, pairing, and strategies of an older revision."""
from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from simcli.strength import compare, factories_at, one_seat_shares, seat_plan
from strategies import resolve

ROOT = Path(__file__).resolve().parents[1]


def test_the_tested_seat_visits_every_seat_and_the_field_rotates():
    plans = [seat_plan(4, ["a", "b", "c"], i) for i in range(12)]
    assert [s for s, _ in plans][:4] == [0, 1, 2, 3]
    assert all(len(others) == 3 for _, others in plans)
    assert {s for s, _ in plans} == {0, 1, 2, 3}
    assert plans[0][1] == ["a", "b", "c"] and plans[1][1] == ["b", "c", "a"]


def test_a_strategy_against_itself_has_zero_paired_gain_and_shares_sum_right():
    field = [resolve("vghs", "arcade"), resolve("vghs", "builder")]
    r = compare("vghs", resolve("vghs", "builder"), resolve("vghs", "builder"), field,
                games=12, seed=3)
    assert r["diff"] == 0 and r["old"] == r["new"]
    assert r["old_ci"][0] <= r["old"] <= r["old_ci"][1]
    random_bot = one_seat_shares("vghs", resolve("vghs", "random"), field, games=12, seed=3)
    assert random_bot.shape == (12,) and random_bot.mean() < r["old"]


def test_strategies_of_an_older_revision_load_under_a_private_name():
    try:
        rev = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, check=True,
                             capture_output=True, text=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout")
    old = factories_at(rev, "lovebattle", ROOT)
    assert "devoted" in old
    shares = one_seat_shares("lovebattle", old["devoted"], [old["hunter"]], games=4, seed=1)
    assert shares.shape == (4,)
