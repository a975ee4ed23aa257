"""The one-seat strength harness: rotation, pairing, and strategies of an older revision."""
from __future__ import annotations

import subprocess
import sys
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
    # plain bots (w_eval=0): the look-ahead's games cost 20x more and are not the point here
    field = [resolve("vghs", "arcade:w_eval=0"), resolve("vghs", "builder:w_eval=0")]
    plain = resolve("vghs", "builder:w_eval=0")
    r = compare("vghs", plain, plain, field,
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


def test_the_search_probe_pairs_search_with_the_old_heuristic_in_the_same_seats():
    from simcli.strength import PROBE_TARGETS, probe_table, search_probe

    try:
        subprocess.run(["git", "cat-file", "-e", "905f16f^{commit}"], cwd=ROOT, check=True,
                       capture_output=True)
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("revision 905f16f not in this checkout")
    spec = "search:rollouts=6,recheck=2,max_decisions=1"
    r = search_probe("vghs", games=4, search=spec, repo=ROOT)
    again = search_probe("vghs", games=4, search=spec, repo=ROOT)
    assert r["games"] == 4 and r["search_shares"].shape == (4,)
    assert (r["search_shares"] == again["search_shares"]).all()
    assert r["searched_per_game"] == 1 and r["rollouts_per_game"] > 0
    lo, hi = r["share_ci"]
    assert lo <= r["share"] <= hi
    assert abs(r["gain"] - (r["share"] - r["heuristic"])) < 1e-12
    # with no searched decision the search plays exactly its base: zero paired gain
    none = search_probe("vghs", games=4, search="search:kinds=nothing", repo=ROOT)
    assert none["gain"] == 0 and none["share"] == none["heuristic"]
    table = probe_table([r])
    assert "0.611" in table and len(PROBE_TARGETS) == 6


def test_the_search_probe_plays_a_given_field():
    """``field=``: today's strategies as given are the table, the heuristics compared and
    search's bases and models (no git revision read); per-base gains are reported on the
    games each member was the base, Holm-adjusted over the members."""
    from simcli.strength import probe_table, search_probe

    field = ["arcade:w_eval=0", "builder:w_eval=0"]
    r = search_probe("vghs", games=4, search="search:kinds=nothing", field=field,
                     repo="/nonexistent")
    factories = [resolve("vghs", s) for s in field]
    # game i: the tested seat plays field member i % 2, as one_seat_shares would seat it
    for i in range(4):
        alone = one_seat_shares("vghs", factories[i % 2], factories, games=1, start=i)
        assert r["heuristic_shares"][i] == alone[0]
    assert r["gain"] == 0 and r["field"] == field
    assert [b["base"] for b in r["by_base"]] == field
    assert all(b["games"] == 2 and b["gain"] == 0 for b in r["by_base"])
    assert all(b["p_holm"] >= b["p_value"] for b in r["by_base"])
    # the target row is for its own heuristics, not for a given field
    assert "| — |" in probe_table([r]) and "0.611" not in probe_table([r])


def test_the_search_probe_gives_the_same_games_under_jobs():
    from simcli.strength import search_probe

    field = ["arcade:w_eval=0", "challenger:w_eval=0", "builder:w_eval=0"]
    kw = dict(games=5, start=3, seed=7, field=field,
              search="search:rollouts=4,recheck=2,max_decisions=1")
    one = search_probe("vghs", **kw)
    two = search_probe("vghs", jobs=2, **kw)
    assert (one["search_shares"] == two["search_shares"]).all()
    assert (one["heuristic_shares"] == two["heuristic_shares"]).all()
    assert one["searched_per_game"] == two["searched_per_game"] == 1
    assert [b["games"] for b in one["by_base"]] == [2, 2]   # games 3..7: bases 0,1,2,0,1


def test_the_search_probe_compiles_the_old_heuristics_and_plays_the_same_games():
    """``compiled=True``: the revision's strategies compiled by Cython (an extension
    module, not the source) play exactly the games their source plays."""
    import importlib.machinery

    from simcli.strength import load_strategies_at, search_probe

    pytest.importorskip("Cython")
    try:
        subprocess.run(["git", "cat-file", "-e", "905f16f^{commit}"], cwd=ROOT, check=True,
                       capture_output=True)
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("revision 905f16f not in this checkout")
    module = load_strategies_at("905f16f", "vghs", ROOT, compiled=True)
    assert module.__file__.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))
    assert module.DEFAULT_MIX == load_strategies_at("905f16f", "vghs", ROOT).DEFAULT_MIX
    spec = "search:rollouts=6,recheck=2,max_decisions=2"
    pure = search_probe("vghs", games=3, search=spec, repo=ROOT)
    del sys.modules[module.__name__]          # the probe loads it (and its one job here)
    comp = search_probe("vghs", games=3, search=spec, repo=ROOT, compiled=True)
    assert module.__name__ in sys.modules
    assert (pure["search_shares"] == comp["search_shares"]).all()
    assert (pure["heuristic_shares"] == comp["heuristic_shares"]).all()
    assert pure["rollouts_per_game"] == comp["rollouts_per_game"] > 0
    assert comp["compiled"] and not pure["compiled"]


def test_a_revision_that_does_not_compile_says_so_in_one_error():
    from simcli.strength import CompileError, _compiled_module

    pytest.importorskip("Cython")
    with pytest.raises(CompileError, match="compiling strategies/nogame.py of deadbeef"):
        _compiled_module("def broken(:\n    pass\n", "deadbeef", "nogame")


def test_the_compiled_revision_cache_keeps_the_recent_and_deletes_only_its_own(tmp_path):
    """The cache of compiled old revisions is pruned to the most recently used (and any
    used lately); what is not a finished cache entry of simcli's is never touched."""
    import os

    from simcli.strength import CACHE_PREFIX, prune_compiled_cache

    now = 1_000_000_000.0
    day = 86400.0
    entries = []
    for i in range(6):                  # entry i last used i * 10 days ago
        e = tmp_path / f"{CACHE_PREFIX}rev{i}_vghs_0123456789abcdef"
        e.mkdir()
        (e / "mod.so").write_bytes(b"x")
        os.utime(e, (now - i * 10 * day, now - i * 10 * day))
        entries.append(e)
    half_built = tmp_path / f"{CACHE_PREFIX}rev9_vghs_0123456789abcdef.k2j4"
    theirs = tmp_path / "someone_elses"
    loose = tmp_path / f"{CACHE_PREFIX}loose_file"
    for p in (half_built, theirs):
        p.mkdir()
        os.utime(p, (now - 400 * day, now - 400 * day))
    loose.write_text("not a folder")
    os.utime(loose, (now - 400 * day, now - 400 * day))

    gone = prune_compiled_cache(tmp_path, keep=2, days=25, now=now)
    # kept: the two newest (0, 10 days) and one used within 25 days (20 days)
    assert sorted(gone) == sorted(entries[3:])
    assert [e.exists() for e in entries] == [True, True, True, False, False, False]
    assert half_built.exists() and theirs.exists() and loose.exists()
    # the default keeps twelve: nothing more goes
    assert prune_compiled_cache(tmp_path, now=now + 1000 * day) == []
    assert prune_compiled_cache(tmp_path / "missing") == []
