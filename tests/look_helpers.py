"""The setup the look-ahead tests of the games share (tests/vgc/test_vgc_look.py,
tests/lovebattle/test_lovebattle_look.py): a true game state at a decision, reached by the
plain default mix; a spy over the game's copies with an optional rigged evaluation; a
bot bound to the engine's sampler of copies of the true state."""
from __future__ import annotations

import random

from simcli.engine import make_sampler
from strategies import default_mix, resolve

#: the parameter that turns each shipped game's default-mix look-ahead off (its plain play)
PLAIN = {"vghs": "w_eval=0", "vgc": "w_eval=0", "class89": "w_eval=0",
         "lovebattle": "turn_look=0"}


def plain_specs(name: str, n: int) -> list[str]:
    """The plain default mix of ``name`` by seat for ``n`` players (seat q: ``mix[q % len]``
    with the look-ahead off)."""
    mix = default_mix(name)
    return [f"{mix[q % len(mix)]}:{PLAIN[name]}" for q in range(n)]


def plain_mix(name: str) -> list[str]:
    """The whole default mix of ``name`` with the look-ahead off, as a run's strategy list
    (the runner rotates it over the seats as it rotates the default mix)."""
    return [f"{s}:{PLAIN[name]}" for s in default_mix(name)]


def rules(game, n: int = 4):
    return game.make_rules(game.default_data(), n)


def state_at(game, mix, plain: str, kind: str, more_than: int, seed: int, skip: int):
    """A true 4-player game state at its ``skip``-th decision of ``kind`` with more than
    ``more_than`` options, played by the plain default mix (seat q: ``mix[q]`` with the
    parameters ``plain``, e.g. ``"w_eval=0"``)."""
    st = game.setup(4, rules(game), random.Random(seed))
    bots = [resolve(game.name, f"{mix[q]}:{plain}")(game, q, random.Random(q))
            for q in range(4)]
    seen = 0
    while (d := game.decision(st)) is not None:
        if d.kind == kind and len(d.options) > more_than:
            seen += 1
            if seen > skip:
                return st, d
        a = d.options[0] if len(d.options) == 1 else \
            bots[d.player].choose(game.view(st, d.player), d)
        game.apply(st, a)
    raise AssertionError("no such decision")


class SpyGame:
    """``game`` with a spy on its copies (and the actions applied to each: the first in
    ``first``, all in ``moves``) and, optionally, a rigged evaluation ``rig(spy, state)``."""

    def __init__(self, game, rig=None):
        self.game = game
        self.rig = rig
        self.copies: list = []
        self.first: dict = {}     # id(copy) -> the first action applied to it
        self.moves: dict = {}     # id(copy) -> the actions applied to it
        self.scored: list = []

    def __getattr__(self, name):
        return getattr(self.__dict__["game"], name)

    def determinize(self, state, player, rng):
        copy = self.game.determinize(state, player, rng)
        self.copies.append(copy)
        return copy

    def apply(self, state, action):
        self.first.setdefault(id(state), action)
        self.moves.setdefault(id(state), []).append(action)
        return self.game.apply(state, action)

    def evaluate(self, state):
        self.scored.append(state)
        return self.rig(self, state) if self.rig is not None else self.game.evaluate(state)


def bound_bot(name: str, game, st, d, sampler_seed: int = 5, **params):
    """Strategy ``name`` (of ``game``) in the seat of decision ``d``, on ``Random(1)``;
    bound to a sampler of copies of ``st`` when it asks for one."""
    bot = resolve(game.name, name)(game, d.player, random.Random(1), **params)
    if getattr(bot, "needs_sampler", False):
        bot.bind_sampler(make_sampler(game, st, d.player, random.Random(sampler_seed)))
    return bot


def assert_plain_without_sampler(game, names, states, on: str, off: str):
    """Each strategy of ``names`` with its look-ahead on (the parameters ``on``) but no
    sampler bound (a rollout bot inside search gets none) plays at each (state, decision)
    of ``states`` what it plays with the look-ahead off (``off``)."""
    for st, d in states:
        view = game.view(st, d.player)
        for name in names:
            a = resolve(game.name, f"{name}:{on}")(game, d.player, random.Random(1))
            b = resolve(game.name, f"{name}:{off}")(game, d.player, random.Random(1))
            assert a.needs_sampler and a.sampler is None
            assert a.choose(view, d) == b.choose(view, d)
