"""Video Game Champion: who wins from here, for the search's horizon cut-off
(``GAME.evaluate``).

Per seat: the score it would have if the game ended now (the game's own final scoring,
majorities included), its Button Tiles, dollars, IOUs, presents and magazines, each also
times the game's progress (weeks played of the weeks in the rules). The chance each seat
wins is the softmax of the weighted features (a conditional logit, :mod:`simcli.evalfit`).

Weights fitted by ``python tools/fit_evaluation.py vgc --games 800`` (default heuristic
mix, 4 players, seed 7, states sampled at 15% of the decisions), refitted at stop 19 on
today's heuristics (the stop-18 vgc bots): held-out log loss 1.102 against 1.206 for the
previous weights (fitted on the older heuristics' self-play) and 1.386 for equal chances;
refitted again at stop 20 on the stop-20 bots (collector and hunter retuned): held-out log
loss 1.133 against 1.145 for the stop-19 weights.
"""
from __future__ import annotations

from simcli.evalfit import softmax_rows

from .scoring import score_breakdown

FEATURES = ("score", "score_x_t", "tiles", "tiles_x_t", "dollars", "dollars_x_t", "ious",
            "ious_x_t", "presents", "presents_x_t", "mags")
WEIGHTS = (0.230, 1.268, 0.253, 0.989, 0.803, 0.209, -0.098, 0.040, -0.632, 0.281, -0.346)


def features(s) -> list[list[float]]:
    t = min(1.0, s.week / max(1, s.rules.p["weeks"]))
    out = []
    for pl, parts in zip(s.players, score_breakdown(s), strict=True):
        sc = parts["total"] / 10
        tiles = len(pl.tiles) / 5
        dollars = pl.dollars / 5
        ious = pl.ious / 5
        presents = len(pl.presents) / 3
        out.append([sc, sc * t, tiles, tiles * t, dollars, dollars * t, ious, ious * t,
                    presents, presents * t, len(pl.mags) / 3])
    return out


def evaluate(s) -> tuple:
    """The chance each seat wins from state ``s`` (sums to 1)."""
    return softmax_rows(WEIGHTS, features(s))
