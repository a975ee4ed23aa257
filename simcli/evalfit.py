"""Fitting a game's evaluation: a conditional-logit model of who wins from a state.

A game's ``evaluation.py`` names per-seat features (``features(state) -> one list of
floats per result row``) and holds ``WEIGHTS``; its ``evaluate(state)`` is the softmax of
the weighted features over the rows: the chance each row wins from here. The weights
are fitted here (``python tools/fit_evaluation.py GAME``) by maximum likelihood on states
sampled from self-play of the game's default heuristic mix, each labelled with the
game's final win shares (ties share); the fit is recorded in the evaluation module's
docstring. Only the search reads an evaluation (to cut rollouts off at a horizon).
"""
from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from simcli.games.softmax import softmax_rows  # compiled with the rules; re-exported

if TYPE_CHECKING:   # numpy only for fitting: a game's evaluate() (softmax_rows) is pure
    import numpy as np

__all__ = ["collect", "fit", "log_loss", "softmax_rows"]


def collect(game, n_players: int, features: Callable, *, games: int = 400, seed: int = 7,
            every: float = 0.15, epoch: Callable | None = None, mid_kind: str | None = None
            ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Play ``games`` heuristic games and sample states: (X[s, row, k], Y[s, row] win
    shares, G[s] game index). ``every``: the chance a decision's state is sampled (and the
    final state is sampled too). With ``epoch`` (a game's ``epoch(state)``, e.g. class89's
    round) the states sampled are instead those where the search's ``rounds=`` cut-off
    scores a rollout: the first decision after each advance of the epoch. With ``epoch``
    and ``mid_kind`` (e.g. class89's ``"place"``) they are the decisions of that kind
    within an epoch, its first one excepted (a turn look-ahead's states: another seat's
    turn about to start mid-round), each with chance ``every``."""
    import numpy as np

    from simcli.engine import derive_rngs, game_seed
    from strategies import default_mix, resolve

    rules = game.make_rules(game.default_data(), n_players)
    mix = default_mix(game.name)
    xs: list = []
    ys: list = []
    gs: list = []
    pick = random.Random(seed)
    for i in range(games):
        s = game_seed(seed, i)
        g_rng, seat_rngs = derive_rngs(s, n_players)
        state = game.setup(n_players, rules, g_rng)
        bots = [resolve(game.name, mix[(p + i) % len(mix)])(game, p, seat_rngs[p])
                for p in range(n_players)]
        taken = []
        last = epoch(state) if epoch is not None and mid_kind is None else None
        while (d := game.decision(state)) is not None:
            if len(d.options) > 1:
                if mid_kind is not None:
                    if d.kind == mid_kind:
                        now = epoch(state)
                        if now != last:
                            last = now
                        elif pick.random() < every:
                            taken.append(features(state))
                elif epoch is not None:
                    now = epoch(state)
                    if now != last:
                        last = now
                        taken.append(features(state))
                elif pick.random() < every:
                    taken.append(features(state))
                a = bots[d.player].choose(game.view(state, d.player), d)
            else:
                a = d.options[0]
            game.apply(state, a)
        if epoch is None:
            taken.append(features(state))
        shares = game.result(state).win_shares
        for f in taken:
            xs.append(f)
            ys.append(shares)
            gs.append(i)
    return np.array(xs, float), np.array(ys, float), np.array(gs)


def log_loss(w: np.ndarray, X: np.ndarray, Y: np.ndarray) -> float:
    import numpy as np

    z = X @ w
    z = z - z.max(axis=1, keepdims=True)
    logp = z - np.log(np.exp(z).sum(axis=1, keepdims=True))
    return float(-(Y * logp).sum(axis=1).mean())


def fit(X: np.ndarray, Y: np.ndarray, ridge: float = 1e-3) -> np.ndarray:
    """Maximum-likelihood weights (a small ridge keeps them finite)."""
    return fit_pooled([(X, Y)], ridge)


def fit_pooled(sets: Sequence[tuple[np.ndarray, np.ndarray]], ridge: float = 1e-3
               ) -> np.ndarray:
    """``fit`` over several (X, Y) sets at once, e.g. states of 3- and 4-player games (their
    row counts differ): the mean log loss over all their states."""
    import numpy as np
    from scipy.optimize import minimize

    total = sum(len(X) for X, _ in sets)

    def f(w):
        loss = ridge * (w @ w)
        grad = 2 * ridge * w
        for X, Y in sets:
            z = X @ w
            z = z - z.max(axis=1, keepdims=True)
            e = np.exp(z)
            p = e / e.sum(axis=1, keepdims=True)
            logp = z - np.log(e.sum(axis=1, keepdims=True))
            loss = loss - (Y * logp).sum() / total
            grad = grad + np.einsum("sr,srk->k", p - Y, X) / total
        return loss, grad

    res = minimize(f, np.zeros(sets[0][0].shape[2]), jac=True, method="L-BFGS-B")
    return res.x
