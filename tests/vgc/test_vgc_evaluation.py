"""vgc's evaluation (the search's cut-off) and the departure states it can be fitted on
(``tools/fit_evaluation.py vgc --at departures``)."""
from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import pytest

from simcli.games import get_game
from simcli.games.vgc import evaluation

ROOT = Path(__file__).resolve().parents[2]


def _tool():
    spec = importlib.util.spec_from_file_location("fit_evaluation",
                                                  ROOT / "tools" / "fit_evaluation.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_evaluate_gives_every_seat_a_chance_summing_to_one():
    g = get_game("vgc")
    s = g.setup(4, g.make_rules(g.default_data(), 4), random.Random(3))
    p = evaluation.evaluate(s)
    assert len(p) == 4 and abs(sum(p) - 1) < 1e-12 and all(0 < x < 1 for x in p)
    assert len(evaluation.WEIGHTS) == len(evaluation.FEATURES) == len(evaluation.features(s)[0])


def test_departure_states_are_copies_of_different_options_labelled_by_their_own_end():
    np = pytest.importorskip("numpy")
    tool = _tool()
    g = get_game("vgc")
    X, Y, G = tool.collect_departures(g, 4, evaluation.features, games=2, seed=5,
                                      horizon=8, every=0.5)
    assert X.shape[1:] == (4, len(evaluation.FEATURES)) and len(X) == len(Y) == len(G) > 2
    assert np.allclose(Y.sum(axis=1), 1.0) and set(G) <= {0, 1}
    # options that differ are told apart: copies of one decision differ at the cut-off
    assert len({x.tobytes() for x in X}) > len(X) // 2
    again = tool.collect_departures(g, 4, evaluation.features, games=2, seed=5, horizon=8,
                                    every=0.5)
    assert all(np.array_equal(a, b) for a, b in zip((X, Y, G), again, strict=True))
