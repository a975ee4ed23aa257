"""Rigged Love Battle states for rules tests (``make_state``) and a driver for flow steps."""
from __future__ import annotations

import random

from simcli.games.lovebattle import flow
from simcli.games.lovebattle.rules import GAME

GIRLS = ("Aika", "Sakiko", "Rin", "Yuki", "Katsumi")
AIKA, SAKIKO, RIN, YUKI, KATSUMI = range(5)


class FixedDie(random.Random):
    """An RNG whose die rolls are scripted: ``random()`` returns the queued faces in turn."""

    def __init__(self, *faces: int):
        super().__init__(0)
        self.faces = list(faces)

    def random(self) -> float:
        if self.faces:
            return (self.faces.pop(0) - 1) / 6 + 0.01
        return super().random()


_RULES: dict = {}


def rules_for(n_players: int = 4, **overrides):
    key = (n_players, tuple(sorted(overrides.items())))
    if key not in _RULES:
        data = {**GAME.default_data(), **overrides}
        _RULES[key] = GAME.make_rules(data, n_players)
    return _RULES[key]


def room(name: str) -> int:
    return rules_for().rooms.index(name)


def kind(girl: str, card: str) -> int:
    """The card kind id of ``girl``'s card named ``card``."""
    R = rules_for()
    g = R.girls.index(girl)
    for c in R.cards:
        if c.girl == g and c.name == card:
            return c.kind
    raise KeyError((girl, card))


def make_state(n_players: int = 4, *, seed: int = 0, love=None, gloc=None, hero=None,
               hands=None, ki=None, votes=None, face_up=None, active: int = 0, rng=None,
               rules=None, **overrides):
    """A state after setup with the given fields rigged (rooms by name, hands as kinds).

    Votes default to One True Match votes for Aika; the state has no pending step: use
    ``start`` to run a flow step on it.
    """
    R = rules or rules_for(n_players, **overrides)
    st = GAME.setup(n_players, R, random.Random(seed))
    for p in range(n_players):
        st.votes[p] = (votes[p] if votes else (AIKA,))
    if love is not None:
        st.love = list(love)
    if gloc is not None:
        st.gloc = [R.rooms.index(r) for r in gloc]
    if hero is not None:
        st.hero = R.rooms.index(hero)
    if hands is not None:
        st.hands = [list(h) for h in hands]
    if ki is not None:
        st.ki = list(ki)
    if face_up is not None:
        st.face_up = list(face_up)
    if rng is not None:
        st.rng = rng
    st.active = active
    st.gen = None
    st.pending = None
    return st


def start(st, gen):
    """Run flow generator ``gen`` on ``st``: returns the first pending Decision or None."""
    st.gen = gen
    try:
        st.pending = next(gen)
    except StopIteration:
        st.pending = None
    return st.pending


def drive(st, gen, *actions):
    """Start ``gen`` and apply ``actions`` in turn; return the pending decision after them."""
    d = start(st, gen)
    for a in actions:
        assert d is not None, f"flow ended before {a!r}"
        GAME.apply(st, a)
        d = st.pending
    return d


def turn_flow(st, p: int = 0):
    return flow.take_turn(st, p)


def pp_index(title: str) -> int:
    R = rules_for()
    return next(i for i, pp in enumerate(R.plot_points) if pp.title == title)
