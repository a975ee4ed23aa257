"""Class of '89: who wins from here, for the search's cut-offs (``GAME.evaluate``).

Per seat (multiplayer): the score it would have if the game ended now (the game's own
final scoring, objectives ranked as they stand) and, apart, those objective points; its
signatures; the filled cells of its class photo; its progress towards each objective's
threshold (measured value over the threshold, capped at 1.5, summed); its attribute tokens
(placed and stored); its club-track steps and the tracks it leads alone (the round end's
majority rewards); its place in the turn order from the first player; and its unused
team members this round. Each also times the game's progress ``t`` (rounds played of the
rules' rounds). The chance each seat wins is the softmax of the weighted features (a
conditional logit, :mod:`simcli.evalfit`).

Weights fitted by ``python tools/fit_evaluation.py class89 --games 1500 --at epochs``
(default heuristic mix, 4 players, seed 7): the states are each round's start (rounds 2-4),
where the search's ``rounds=1`` cut-off scores its rollouts. Held-out log loss 1.221
against 1.386 for equal chances; on 400 fresh games (seed 99) at the round starts 1.228
(round 2: 1.339, round 3: 1.282, round 4: 1.063) against 1.286 for the previous features
and weights (1.389, 1.372, 1.098), and at random decisions 1.199 (previous 1.200). The
unused-members features are constant at a round's start, so their weights are 0.
Solo (``--players 1``, 600 games, normal difficulty; its own features): held-out log loss
0.294 against 0.693.

Within a round the same features are scored with their own weights (``evaluate_mid``):
the weights above, fitted at the rounds' starts, give 0 to the members left, and a bot's
own-turn look-ahead (the climber's and the builder's) scores its copies mid-round, where
the members left differ between seats. ``WEIGHTS_MID`` are fitted on the placements after
a round's first (800 games each at 3 and 4 players, seeds 10 and 11, half the placements
sampled, one set of weights for both counts). Held-out log loss there 0.950 at 3 players
and 1.132 at 4 against 0.975 and 1.183 with ``WEIGHTS`` (1.099, 1.386 for equal chances).

``epoch(state)`` is the round: the search's ``rounds=`` cut-off stops there.
"""
from __future__ import annotations

from simcli.evalfit import softmax_rows

from . import scoring
from .rules import score_state
from .state import EMPTY

#: multiplayer features per seat (each also times the game's progress ``t``)
BASE = ("score", "objectives", "sigs", "photo", "obj_progress", "tokens", "track_steps",
        "track_leads", "order", "members")
FEATURES = tuple(x for f in BASE for x in (f, f + "_x_t"))
WEIGHTS = (0.848, 1.029, -0.696, 0.412, 0.100, 0.139, 1.801, 0.723, 0.929, 0.594, -0.801, 0.461,
           -0.431, -0.073, -0.004, 0.130, 0.017, -0.330, 0.000, 0.000)
#: within a round (``evaluate_mid``: the states a bot's own-turn look-ahead scores), fitted
#: by ``python tools/fit_evaluation.py class89 --at mid --kind place --players 3,4 --games
#: 800 --every 0.5`` (stop 43; module docstring)
WEIGHTS_MID = (0.953, 1.071, -0.610, 0.560, 0.201, 0.035, 1.569, -0.033, 0.937, 0.342, -1.058,
               0.572, 0.049, 0.052, 0.090, 0.255, -0.044, 0.419, 0.915, 0.905)
#: solo against Ed (``--players 1``; ``ed`` is 1 on Ed's row: how often Ed wins anyway)
FEATURES_SOLO = ("score", "score_x_t", "sigs", "sigs_x_t", "photo", "photo_x_t", "ed")
WEIGHTS_SOLO = (0.360, 1.246, 0.201, -0.317, 0.318, 0.269, 0.803)


def weights_for(n_players: int) -> tuple:
    return WEIGHTS_SOLO if n_players == 1 else WEIGHTS


def names_for(n_players: int) -> tuple:
    return FEATURES_SOLO if n_players == 1 else FEATURES


def features(s) -> list[list[float]]:
    if s.ed >= 0:
        return _features_solo(s)
    R = s.rules
    t = min(1.0, max(0, s.round - 1) / max(1, R.rounds))
    boards = s.boards
    n = len(boards)
    obj, values = scoring.objective_scores(R, boards, s.objectives)
    progress = [0.0] * n
    for oid, vals in zip(s.objectives, values, strict=True):
        need = max(1, R.objectives[oid][R.objective_threshold])
        for i, v in enumerate(vals):
            progress[i] += min(v / need, 1.5)
    leads = [0] * n
    for club in range(6):
        vals = [B.tracks[club] for B in boards]
        top = max(vals)
        if vals.count(top) == 1:
            leads[vals.index(top)] += 1
    out = []
    for i, B in enumerate(boards):
        score = sum(scoring.breakdown(R, B, obj[i]).values())
        filled = sum(1 for c in B.photo if c != EMPTY)
        tokens = (sum(sum(x) for x in B.tok) + len(B.storage)
                  + sum(sum(x[2]) for x in B.ss))
        row = (score / 20, obj[i] / 10, B.sigs / 5, filled / 10, progress[i] / 3,
               tokens / 10, sum(B.tracks) / 10, leads[i] / 3,
               ((i - s.first) % n) / max(1, n - 1), (4 - sum(B.used)) / 4)
        out.append([x for v in row for x in (v, v * t)])
    return out


def _features_solo(s) -> list[list[float]]:
    t = min(1.0, max(0, s.round - 1) / max(1, s.rules.rounds))
    scores, _ = score_state(s)
    out = []
    for sc, b in zip(scores, (s.boards[0], s.boards[s.ed]), strict=True):
        v = sc / 20
        sigs = b.sigs / 5
        photo = sum(1 for c in b.photo if c != EMPTY) / 10
        out.append([v, v * t, sigs, sigs * t, photo, photo * t, 1.0 if b.is_ed else 0.0])
    return out


def epoch(s) -> int:
    """The round number: the search's ``rounds=`` cut-off stops a rollout at a round's
    start (after the round end's majority rewards), where every seat has had its turns."""
    return s.round


def evaluate(s) -> tuple:
    """The chance each row wins from state ``s`` (sums to 1)."""
    return softmax_rows(WEIGHTS_SOLO if s.ed >= 0 else WEIGHTS, features(s))


def evaluate_mid(s) -> tuple:
    """``evaluate`` with ``WEIGHTS_MID`` within a round, after its first placement; at a
    round's start, once the game is over and in solo play it is ``evaluate``."""
    if s.ed >= 0 or s.turn == 0 or s.over:
        return evaluate(s)
    return softmax_rows(WEIGHTS_MID, features(s))
