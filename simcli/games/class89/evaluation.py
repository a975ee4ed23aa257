"""Class of '89: who wins from here, for the search's horizon cut-off (``GAME.evaluate``).

Per result row (the seats, then Ed in a solo game): the score it would have if the game
ended now (the game's own final scoring, objectives included), its signatures and the
filled cells of its class photo, each also times the game's progress (rounds played of
the rules' rounds). The chance each row wins is the softmax of the weighted features (a
conditional logit, :mod:`simcli.evalfit`).

Weights fitted by ``python tools/fit_evaluation.py class89 --games 600`` (default
heuristic mix, 4 players, seed 7, states sampled at 15% of the decisions): held-out log
loss 1.179 against 1.386 for equal chances; at 3 players weights fitted there do no
better (0.924 against 0.925). Solo (``--players 1``, 600 games, normal
difficulty): held-out log loss 0.294 against 0.693 (0.416 with the 4-player weights).
"""
from __future__ import annotations

from simcli.evalfit import softmax_rows

from .rules import score_state
from .state import EMPTY

FEATURES = ("score", "score_x_t", "sigs", "sigs_x_t", "photo", "photo_x_t", "ed")
WEIGHTS = (-0.057, 2.009, -0.034, 0.031, 1.585, 0.044, 0.0)
#: solo against Ed (``--players 1``; ``ed`` is 1 on Ed's row: how often Ed wins anyway)
WEIGHTS_SOLO = (0.360, 1.246, 0.201, -0.317, 0.318, 0.269, 0.803)


def weights_for(n_players: int) -> tuple:
    return WEIGHTS_SOLO if n_players == 1 else WEIGHTS


def features(s) -> list[list[float]]:
    t = min(1.0, max(0, s.round - 1) / max(1, s.rules.rounds))
    scores, _ = score_state(s)
    out = []
    solo = s.ed >= 0
    for sc, b in zip(scores, (s.boards[0], s.boards[s.ed]) if solo else s.boards,
                     strict=True):
        v = sc / 20
        sigs = b.sigs / 5
        photo = sum(1 for c in b.photo if c != EMPTY) / 10
        out.append([v, v * t, sigs, sigs * t, photo, photo * t, 1.0 if b.is_ed else 0.0])
    return out


def evaluate(s) -> tuple:
    """The chance each row wins from state ``s`` (sums to 1)."""
    return softmax_rows(WEIGHTS_SOLO if s.ed >= 0 else WEIGHTS, features(s))
