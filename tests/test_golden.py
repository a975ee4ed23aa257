"""Golden traces (DESIGN: layer 3): seeded games must replay to the recorded result.

Regenerate with `python tests/make_golden.py` after a reviewed rules change.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from simcli.engine import play_game
from simcli.games import GAMES, get_game
from strategies import resolve

GOLDEN = Path(__file__).resolve().parent / "golden"


@pytest.mark.parametrize("name", list(GAMES))
def test_golden_traces_replay(name):
    path = GOLDEN / f"{name}.json"
    assert path.is_file(), f"no golden trace for {name}: run python tests/make_golden.py"
    golden = json.loads(path.read_text())
    g = get_game(name)
    assert golden["rules_version"] == g.RULES_VERSION, (
        "RULES_VERSION changed: regenerate the golden traces and review the diff")
    for rec in golden["games"]:
        n = rec["players"]
        rules = g.make_rules(g.default_data(), n)
        played = play_game(g, n, rules, [resolve(name, s) for s in rec["strategies"]],
                           rec["seed"])
        assert played.history == rec["history"], f"{name} seed {rec['seed']}: decisions differ"
        res = played.result
        got = {"scores": list(res.scores), "places": list(res.places),
               "win_shares": list(res.win_shares), "turns": res.turns,
               "end_reason": res.end_reason,
               "metrics": json.loads(json.dumps(res.metrics)),
               "seat_metrics": json.loads(json.dumps(list(res.seat_metrics)))}
        want = {k: rec[k] for k in got}
        assert got == want, f"{name} seed {rec['seed']}: result differs"
