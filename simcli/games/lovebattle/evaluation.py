"""Love Battle: who wins from here, for the search's horizon cut-off (``GAME.evaluate``).

Per seat: its Ki so far (tokens and the Ki of its Plot Point cards), the Ki its vote
would earn if the Girls' Love stood as it does now (the game's own payout rules; 0
before it votes), and its hand, each also times the game's progress (class periods
played of the rules' periods). The chance each seat wins is the softmax of the weighted features (a
conditional logit, :mod:`simcli.evalfit`). It reads every vote, so it only ever scores
a determinized copy (the search never sees the true state).

Weights fitted by ``python tools/fit_evaluation.py lovebattle --games 800`` (default
heuristic mix, 4 players, seed 7, states sampled at 15% of the decisions): held-out log
loss 1.082 against 1.386 for equal chances.
"""
from __future__ import annotations

from simcli.evalfit import softmax_rows

from .scoring import vote_ki

FEATURES = ("ki", "ki_x_t", "vote", "vote_x_t", "hand", "hand_x_t")
WEIGHTS = (2.795, 2.354, 0.778, 2.121, 0.342, -0.377)


def features(s) -> list[list[float]]:
    R = s.rules
    t = min(1.0, max(0, s.period - 1) / max(1, R.periods))
    love = s.love
    out = []
    for p in range(s.n):
        ki = (s.ki[p] + sum(R.plot_points[i].ki for i in s.held[p])) / 10
        v = s.votes[p]
        vote = 0.0 if v is None else vote_ki(v, love, s.n, R.otm_payout, R.triangle_payout,
                                             R.two_player_consolation) / 10
        hand = len(s.hands[p]) / 5
        out.append([ki, ki * t, vote, vote * t, hand, hand * t])
    return out


def evaluate(s) -> tuple:
    """The chance each seat wins from state ``s`` (sums to 1)."""
    return softmax_rows(WEIGHTS, features(s))
