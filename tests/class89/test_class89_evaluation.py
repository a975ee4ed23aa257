"""class89's evaluation within a round (``evaluate_mid``, ``WEIGHTS_MID``) and the bots'
``eval_mid`` switch between it and the evaluation fitted at the rounds' starts."""
from __future__ import annotations

import random

import pytest
from c89_helpers import make_state

from simcli.evalfit import softmax_rows
from simcli.games.class89 import evaluation, flow
from simcli.games.class89.rules import GAME
from strategies import resolve


def _play_until(s, stop):
    rng = random.Random(5)
    while not stop(s):
        d = flow.advance(s)
        if d is None:
            break
        flow.apply(s, d.options[int(rng.random() * len(d.options))])


def test_mid_round_states_are_scored_with_the_mid_weights_round_starts_as_before():
    assert len(evaluation.WEIGHTS_MID) == len(evaluation.WEIGHTS)
    s = make_state(3, seed=2, blank=False)
    flow.advance(s)
    assert s.turn == 0
    assert evaluation.evaluate_mid(s) == evaluation.evaluate(s)
    _play_until(s, lambda s: s.turn >= 2 and s.phase == "turn")
    mid = evaluation.evaluate_mid(s)
    assert mid == softmax_rows(evaluation.WEIGHTS_MID, evaluation.features(s))
    assert abs(sum(mid) - 1) < 1e-12 and mid != evaluation.evaluate(s)
    assert GAME.evaluate_mid is evaluation.evaluate_mid
    # the next round's start: the start weights again; a finished game: the same
    _play_until(s, lambda s: s.round == 2 and s.turn == 0 and s.phase == "turn")
    assert evaluation.evaluate_mid(s) == evaluation.evaluate(s)
    _play_until(s, lambda s: s.over)
    assert s.over and s.turn != 0
    assert evaluation.evaluate_mid(s) == evaluation.evaluate(s)


def test_solo_states_keep_the_solo_evaluation():
    s = make_state(1, seed=3, blank=False)
    _play_until(s, lambda s: s.turn >= 2)
    assert s.turn >= 2 and evaluation.evaluate_mid(s) == evaluation.evaluate(s)


class _Which:
    """GAME that records which evaluation a bot's look-ahead calls."""

    def __init__(self):
        self.calls = []

    def __getattr__(self, name):
        return getattr(GAME, name)

    def evaluate(self, state):
        self.calls.append("start")
        return GAME.evaluate(state)

    def evaluate_mid(self, state):
        self.calls.append("mid")
        return GAME.evaluate_mid(state)


@pytest.mark.parametrize("strategy", ["objective_chaser", "club_climber",
                                      "signature_saver", "class_builder"])
@pytest.mark.parametrize("eval_mid", [0, 1])
def test_the_look_ahead_scores_with_the_evaluation_eval_mid_names(strategy, eval_mid):
    from simcli.engine import make_sampler

    s = make_state(3, seed=4, blank=False)
    d = flow.advance(s)
    game = _Which()
    bot = resolve("class89", strategy)(game, d.player, random.Random(1), eval_mid=eval_mid)
    bot.bind_sampler(make_sampler(game, s, d.player, random.Random(2)))
    assert bot.choose(GAME.view(s, d.player), d) in d.options
    assert game.calls and set(game.calls) == {"mid" if eval_mid else "start"}


def test_the_turn_look_ahead_bots_score_mid_round_the_round_look_ahead_bots_at_its_end():
    # the climber and the builder look to their own turn's end (mid-round): the mid
    # weights; the chaser and the saver to the round's end, a round's start
    got = {name: resolve("class89", name)(GAME, 0, random.Random(1)).p
           for name in ("objective_chaser", "club_climber", "signature_saver",
                        "class_builder")}
    assert {n: (p["eval_round"], p["eval_mid"]) for n, p in got.items()} == {
        "objective_chaser": (1, 0), "club_climber": (0, 1), "signature_saver": (1, 0),
        "class_builder": (0, 1)}
