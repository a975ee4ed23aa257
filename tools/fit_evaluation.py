"""Fit a game's evaluation weights (``simcli/games/<game>/evaluation.py``) by maximum
likelihood on states of heuristic self-play; prints the weights and the held-out log
loss against the no-information model (equal chances) and the shipped weights.

    python tools/fit_evaluation.py vghs [--games 400] [--players 4] [--seed 7]
    python tools/fit_evaluation.py class89 --at epochs   # states where rounds= cuts off
    python tools/fit_evaluation.py class89 --at mid --kind place --players 3,4 --games 800 \
        --every 0.5                                      # class89's WEIGHTS_MID

``--at decisions`` (the default) samples 15% of the decisions and the final state;
``--at epochs`` samples the first decision after each advance of the game's ``epoch``
(class89: each round's start), where the search's ``rounds=`` cut-off scores rollouts.
``--at mid --kind K`` samples, with chance ``--every``, the decisions of kind K within an
epoch, its first excepted (class89: a placement after another in the same round, where
a turn look-ahead scores its copies). ``--players 3,4`` fits one set of weights to the
states of both player counts (the held-out loss is printed per count); ``--at mid`` plays
seed ``--seed`` + the player count.
``--at departures`` samples the states search's cut-off rollouts score after it departs:
at 25% of the searched decisions (the game's default kinds) where the default-mix
heuristics disagree, each of their choices is played on a copy by fresh heuristic bots,
the copy's state ``--horizon`` decisions later is sampled and labelled with that copy's
own result (so options that differ only in what the evaluation cannot see are told apart).
"""
from __future__ import annotations

import argparse
import importlib
import math
import random
import sys

import numpy as np


def collect_departures(game, n_players: int, features, *, games: int = 200, seed: int = 7,
                       horizon: int = 20, every: float = 0.25, kinds=None):
    """(X, Y, G) as :func:`simcli.evalfit.collect`, from the cut-off states of copies that
    play each default-mix heuristic's choice at a searched decision (``--at departures``)."""
    from simcli.engine import derive_rngs, game_seed
    from strategies import default_mix, resolve
    from strategies.search import DEFAULT_KINDS

    kinds = tuple(kinds or DEFAULT_KINDS.get(game.name, ()))
    rules = game.make_rules(game.default_data(), n_players)
    mix = default_mix(game.name)
    makers = [resolve(game.name, m) for m in mix]
    xs: list = []
    ys: list = []
    gs: list = []
    pick = random.Random(seed)
    decision, apply, view = game.decision, game.apply, game.view
    for i in range(games):
        g_rng, seat_rngs = derive_rngs(game_seed(seed, i), n_players)
        state = game.setup(n_players, rules, g_rng)
        seats = [makers[(p + i) % len(mix)] for p in range(n_players)]
        bots = [seats[p](game, p, seat_rngs[p]) for p in range(n_players)]
        proposers = [[f(game, p, random.Random(pick.getrandbits(64))) for f in makers]
                     for p in range(n_players)]
        while (d := decision(state)) is not None:
            if len(d.options) < 2:
                apply(state, d.options[0])
                continue
            v = view(state, d.player)
            a = bots[d.player].choose(v, d)
            if d.kind in kinds and pick.random() < every:
                cands = [a]
                for b in proposers[d.player]:
                    c = b.choose(v, d)
                    if c not in cands:
                        cands.append(c)
                if len(cands) > 1:
                    seed_copy = pick.getrandbits(64)
                    for c in cands:       # the same dice and bots' seeds for every option
                        x = game.clone(state)
                        x.log = None
                        x.rng = random.Random(seed_copy)
                        apply(x, c)
                        r = random.Random(seed_copy ^ 0x5A5A)
                        rb = [seats[q](game, q, random.Random(r.getrandbits(64)))
                              for q in range(n_players)]
                        left, f = horizon, None
                        while (e := decision(x)) is not None:
                            if len(e.options) < 2:
                                apply(x, e.options[0])
                                continue
                            if left == 0 and f is None:
                                f = features(x)
                            left -= 1
                            apply(x, rb[e.player].choose(view(x, e.player), e))
                        xs.append(features(x) if f is None else f)
                        ys.append(game.result(x).win_shares)
                        gs.append(i)
            apply(state, a)
    return np.array(xs, float), np.array(ys, float), np.array(gs)


def main(argv: list[str] | None = None) -> int:
    from simcli.evalfit import collect, fit_pooled, log_loss
    from simcli.games import get_game

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--players", default="0",
                    help="a player count, or several comma-separated to fit them pooled")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--at", choices=("decisions", "epochs", "departures", "mid"),
                    default="decisions")
    ap.add_argument("--kind", default=None, help="--at mid: the decision kind sampled")
    ap.add_argument("--every", type=float, default=None,
                    help="the chance a candidate state is sampled (--at decisions: 0.15, "
                    "--at mid: 0.5, --at departures: 0.25)")
    ap.add_argument("--horizon", type=int, default=20,
                    help="--at departures: decisions a copy plays before its state is taken")
    a = ap.parse_args(argv)
    game = get_game(a.game)
    mod = importlib.import_module(f"simcli.games.{a.game}.evaluation")
    try:
        counts = [int(x) or game.default_players for x in a.players.split(",")]
    except ValueError:
        print(f"--players: not a count or comma-separated counts: {a.players!r}",
              file=sys.stderr)
        return 2
    epoch = getattr(game, "epoch", None) if a.at in ("epochs", "mid") else None
    if a.at in ("epochs", "mid") and epoch is None:
        print(f"{a.game} has no epoch(state) hook", file=sys.stderr)
        return 2
    if a.at == "mid" and not a.kind:
        print("--at mid needs --kind (the decision kind to sample)", file=sys.stderr)
        return 2
    if a.at == "departures" and not hasattr(game, "determinize"):
        print(f"{a.game} has no search (no determinize)", file=sys.stderr)
        return 2
    sets = {}
    for n in counts:
        if a.at == "departures":
            sets[n] = collect_departures(game, n, mod.features, games=a.games, seed=a.seed,
                                         horizon=a.horizon, every=a.every or 0.25)
        elif a.at == "mid":
            sets[n] = collect(game, n, mod.features, games=a.games, seed=a.seed + n,
                              epoch=epoch, mid_kind=a.kind, every=a.every or 0.5)
        else:
            sets[n] = collect(game, n, mod.features, games=a.games, seed=a.seed, epoch=epoch,
                              every=a.every or 0.15)
    for n, (X, _, _) in sets.items():
        if len(X) == 0:
            print(f"no states sampled at {n} players (--at {a.at}"
                  + (f" --kind {a.kind}: is it one of {a.game}'s decision kinds?)"
                     if a.kind else ")"), file=sys.stderr)
            return 2
    w = fit_pooled([(X[G % 4 != 0], Y[G % 4 != 0]) for X, Y, G in sets.values()])
    for n, (X, Y, G) in sets.items():
        shipped = mod.weights_for(n) if hasattr(mod, "weights_for") else mod.WEIGHTS
        test = G % 4 == 0
        rows = X.shape[1]
        mid = ""
        if a.at == "mid" and hasattr(mod, "WEIGHTS_MID"):
            mid = (f", shipped WEIGHTS_MID "
                   f"{log_loss(np.array(mod.WEIGHTS_MID, float), X[test], Y[test]):.4f}")
        print(f"{n} players: {len(X)} states ({int(test.sum())} held out), {rows} rows")
        print(f"held-out log loss: fitted {log_loss(w, X[test], Y[test]):.4f}, shipped "
              f"{log_loss(np.array(shipped, float), X[test], Y[test]):.4f}{mid}, "
              f"equal chances {math.log(rows):.4f}")
    w = fit_pooled([(X, Y) for X, Y, _ in sets.values()])
    print("WEIGHTS = (" + ", ".join(f"{x:.3f}" for x in w) + ")")
    names = mod.names_for(counts[0]) if hasattr(mod, "names_for") else mod.FEATURES
    print(dict(zip(names, np.round(w, 3), strict=True)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
