"""What the default-mix look-ahead heuristics of every shipped game share: the plain bots
that play on a determinized copy (``seat_bots``, ``bind_look``) and the loop that plays
the copy on to a horizon (``play_on``, ``turn_end``, ``reseed``, ``reseed_stream``,
``seeds_for``, ``log_chance``).

A look-ahead bot plays each candidate option on copies from the engine's sampler (bound
by ``bind_sampler``), lets plain bots (the same heuristics without look-ahead) play on to
the game's horizon and scores the copy by ``GAME.evaluate``. Each game keeps its own
horizon (the stop rule given to ``play_on``) and its own arithmetic of the scores; this
module draws nothing but what its callers ask for, in the order they ask.
"""
from __future__ import annotations

import math
import random

from simcli.seeding import defer_seed, deferred

#: no cap on the decisions ``play_on`` plays (the horizon alone stops it)
NO_CAP = 1 << 62


def seat_bots(bot, n, strategies, mix, off, rng=None, own=None) -> list:
    """One plain bot per seat ``0..n-1``: ``bot``'s own class with ``off`` over its
    parameters in its seat (or ``own``, an existing bot), the default ``mix`` by seat in
    the others (``mix[q % len(mix)]`` from ``strategies``, with ``off``). Each on its own
    RNG: seeded from ``rng.getrandbits(64)`` seat by seat, or ``Random(0)`` without ``rng``
    (reseeded before use)."""
    game = bot.game
    me = bot.player
    bots = []
    for q in range(n):
        if q == me and own is not None:
            bots.append(own)
            continue
        r = deferred(rng.getrandbits(64) if rng is not None else 0)
        if q == me:
            bots.append(type(bot)(game, q, r, **{**bot.p, **off}))
        else:
            bots.append(strategies[mix[q % len(mix)]](game, q, r, **off))
    return bots


def bind_look(bot, sampler, off, strategies, mix) -> None:
    """``bind_sampler`` of a bot whose look-ahead is on while its parameter named in
    ``off`` (the one key, e.g. ``{"w_eval": 0.0}``: its value turns it off) is set and the
    game has an evaluation: keep the sampler, draw the seed of ``bot._look_rng`` (the
    copies' seeds) and build ``bot._plain``, the plain bots of every seat (``seat_bots``,
    seeded from the bot's RNG after it). Otherwise no sampler and nothing drawn."""
    (key,) = off
    if not bot.p[key] or getattr(bot.game, "evaluate", None) is None:
        bot.sampler = None
        return
    bot.sampler = sampler
    rng = bot.rng
    bot._look_rng = deferred(rng.getrandbits(64))
    bot._plain = seat_bots(bot, max(bot.game.players), strategies, mix, off, rng)


#: the bots' seeds ``reseed`` gave lately, by (seed, bots): a look-ahead reseeds with the
#: same seed for every option it plays (a pure function of the key, so never stale)
_SEEDS: dict = {}


def reseed(bots, seed) -> None:
    """Reseed every bot's RNG from a stream seeded with ``seed`` (the same for every
    option looked at: common random numbers). Each is seeded at its first draw, if any
    (``simcli.seeding.defer_seed``)."""
    for b, x in zip(bots, _seeds(seed, len(bots)), strict=True):
        defer_seed(b.rng, x)


def _seeds(seed, n) -> tuple:
    """The first ``n`` 64-bit draws of ``random.Random(seed)`` (remembered)."""
    key = (seed, n)
    xs = _SEEDS.get(key)
    if xs is None:
        if len(_SEEDS) >= 64:
            _SEEDS.clear()
        r = random.Random(seed)
        xs = _SEEDS[key] = tuple([r.getrandbits(64) for _ in range(n)])
    return xs


def reseed_stream(bots, seed) -> random.Random:
    """``reseed``, returning the stream past the bots' seeds: what a caller draws from it
    next is not any bot's seed."""
    r = random.Random(seed)
    for b in bots:
        defer_seed(b.rng, r.getrandbits(64))
    return r


def seeds_for(bots, seed) -> list:
    """The seed ``reseed(bots, seed)`` would give each bot, none of them seeded yet: for
    ``play_on``'s ``seeds``, which seeds a bot only when it first chooses (seeding a
    generator costs about as much as a short look-ahead's play, and in a turn's
    look-ahead most rivals never choose)."""
    return list(_seeds(seed, len(bots)))


def play_on(game, state, bots, stop, cap=NO_CAP, seeds=None) -> None:
    """Play the copy ``state`` on until the game ends, ``stop(state, decision)`` is true
    for the next decision, or ``cap`` decisions are played: a decision with one option
    takes it (nothing drawn), any other is ``bots[seat].choose`` on the seat's view. With
    ``seeds`` (``seeds_for``; used up in place) a bot's RNG is seeded from its entry just
    before its first choice: the same play as ``reseed`` before ``play_on``."""
    decision, apply, view = game.decision, game.apply, game.view
    for _ in range(cap):
        d = decision(state)
        if d is None or stop(state, d):
            return
        opts = d.options
        if len(opts) == 1:
            apply(state, opts[0])
        else:
            q = d.player
            if seeds is not None and seeds[q] is not None:
                defer_seed(bots[q].rng, seeds[q])
                seeds[q] = None
            apply(state, bots[q].choose(view(state, q), d))


def turn_end(me, kind):
    """The horizon of seat ``me``'s turn, for ``play_on``: stop at another seat's decision
    or at this seat's next decision of ``kind`` (its next turn's first)."""
    def stop(s, d):
        return d.player != me or d.kind == kind
    return stop


def best_one_move(game, sampler, options, score, k) -> list[int]:
    """The positions in ``options`` of the ``k`` whose state right after each is played on
    the same determinized copy (``sampler(0)``) scores highest by ``score(state)`` (ties:
    the earlier): what a game's evaluation rates best one move ahead, no rollout."""
    apply = game.apply
    scored = []
    for i, a in enumerate(options):
        state = sampler(0)
        state.log = None
        apply(state, a)
        scored.append((-score(state), i))
    scored.sort()
    return [i for _, i in scored[:k]]


def log_chance(pr) -> float:
    """The log of a win chance, floored at 1e-9."""
    return math.log(pr if pr > 1e-9 else 1e-9)
