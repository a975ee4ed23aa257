"""Fit a game's evaluation weights (``simcli/games/<game>/evaluation.py``) by maximum
likelihood on states of heuristic self-play; prints the weights and the held-out log
loss against the no-information model (equal chances) and the shipped weights.

    python tools/fit_evaluation.py vghs [--games 400] [--players 4] [--seed 7]
    python tools/fit_evaluation.py class89 --at epochs   # states where rounds= cuts off

``--at decisions`` (the default) samples 15% of the decisions and the final state;
``--at epochs`` samples the first decision after each advance of the game's ``epoch``
(class89: each round's start), where the search's ``rounds=`` cut-off scores rollouts.
"""
from __future__ import annotations

import argparse
import importlib
import math
import sys

import numpy as np


def main(argv: list[str] | None = None) -> int:
    from simcli.evalfit import collect, fit, log_loss
    from simcli.games import get_game

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--players", type=int, default=0)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--at", choices=("decisions", "epochs"), default="decisions")
    a = ap.parse_args(argv)
    game = get_game(a.game)
    mod = importlib.import_module(f"simcli.games.{a.game}.evaluation")
    n = a.players or game.default_players
    epoch = getattr(game, "epoch", None) if a.at == "epochs" else None
    if a.at == "epochs" and epoch is None:
        print(f"{a.game} has no epoch(state) hook", file=sys.stderr)
        return 2
    X, Y, G = collect(game, n, mod.features, games=a.games, seed=a.seed, epoch=epoch)
    train = G % 4 != 0
    w = fit(X[train], Y[train])
    shipped = mod.weights_for(n) if hasattr(mod, "weights_for") else mod.WEIGHTS
    test = ~train
    rows = X.shape[1]
    print(f"{len(X)} states ({int(test.sum())} held out), {rows} rows")
    print(f"held-out log loss: fitted {log_loss(w, X[test], Y[test]):.4f}, shipped "
          f"{log_loss(np.array(shipped, float), X[test], Y[test]):.4f}, "
          f"equal chances {math.log(rows):.4f}")
    w = fit(X, Y)
    print("WEIGHTS = (" + ", ".join(f"{x:.3f}" for x in w) + ")")
    names = mod.names_for(n) if hasattr(mod, "names_for") else mod.FEATURES
    print(dict(zip(names, np.round(w, 3), strict=True)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
