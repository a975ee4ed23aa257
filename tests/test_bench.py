"""simcli bench: the measurements run and report what they should (numbers not asserted)."""
from __future__ import annotations

from simcli import bench
from simcli.games import get_game
from strategies import UnknownStrategyError, resolve


def test_pure_and_built_speeds_side_by_side():
    side = bench.builds_side_by_side("vghs", 4, 20, repeat=1)
    assert side["build"] in ("compiled", "pure", "mixed")
    assert side["pure"] > 0 and side["built"] > 0
    assert side["ratio"] == side["built"] / side["pure"]


def test_clone_cost_and_determinize_only_where_the_game_has_it():
    for name in ("vghs", "lovebattle"):
        costs = bench.copy_costs(name, 4, games=1)
        assert costs["clone_us"] > 0 and costs["decisions_per_game"] > 10
        assert ("determinize_us" in costs) == (getattr(get_game(name), "determinize", None)
                                               is not None)


def test_search_cost_only_when_a_search_strategy_is_registered():
    try:
        resolve("vghs", "search")
    except UnknownStrategyError:
        assert bench.search_cost("vghs", 4, games=1) is None
    else:
        cost = bench.search_cost("vghs", 4, games=1)
        assert cost["s_per_game"] > 0 and cost["ms_per_decision"] > 0


def test_startup_cost_of_a_small_run():
    start = bench.startup_cost("vghs", 4, repeat=1)
    assert 0 < start["cpu"] and 0 < start["wall"] < 120
