"""VGHS: who wins from here, for the search's horizon cut-off (``GAME.evaluate``).

Per seat: how far up the rank track (50 -> 1) it is, its permanent and temporary skill
tokens, power-up cards in hand and the first-player token, each also times the game's
progress (the leader's climb; a game ends when a seat reaches space 1 or the challenge
deck runs out), so a token counts for more early than late. The chance each seat wins is
the softmax of the weighted features (a conditional logit, :mod:`simcli.evalfit`).

Weights fitted by ``python tools/fit_evaluation.py vghs`` (default heuristic mix, 4
players, 1000 games, seed 7, states sampled at 15% of the decisions): held-out log
loss 1.028 against 1.386 for equal chances.
"""
from __future__ import annotations

from simcli.evalfit import softmax_rows

FEATURES = ("climb", "climb_x_t", "perm", "perm_x_t", "temp", "temp_x_t", "hand",
            "first")
WEIGHTS = (4.068, 3.850, 3.508, -2.384, -1.481, -0.151, 1.792, 0.077)


def features(s) -> list[list[float]]:
    climb = [(50 - r) / 49 for r in s.rank]
    t = max(climb)
    out = []
    for p in range(s.n):
        perm = (sum(s.perm_a[p]) + sum(s.perm_i[p])) / 10
        temp = (sum(s.temp_a[p]) + sum(s.temp_i[p])) / 10
        c = climb[p]
        out.append([c, c * t, perm, perm * t, temp, temp * t, len(s.hand[p]) / 5,
                    1.0 if s.first == p else 0.0])
    return out


def evaluate(s) -> tuple:
    """The chance each seat wins from state ``s`` (sums to 1)."""
    return softmax_rows(WEIGHTS, features(s))


def epoch(s) -> int:
    """The round number: the search's ``rounds=`` cut-off stops a rollout at a round's
    start, after the round's challenge and game-over checks, where every seat has placed
    all its standees (the states the bots' round look-ahead scores)."""
    return s.round
