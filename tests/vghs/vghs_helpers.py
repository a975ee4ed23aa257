"""make_state: rigged VGHS states for rules tests."""
from __future__ import annotations

import random

from simcli.games.vghs import phases
from simcli.games.vghs.rules import GAME
from simcli.games.vghs.ruleset import N_FACES, STANDEES
from simcli.games.vghs.state import State

FPS, FIGHTING, RACING, RHYTHM, RTS, WILD = range(6)
# location indices of the shipped data
FIELD_OF_FIRE, FIST_FURY, DRIFT_KINGS, BEAT_BLASTER, EMPIRE_COMMAND = range(5)
GTA, KOJIMA, CAFETERIA = 5, 6, 7
FPS_CLASS, FIGHTING_CLASS, RACING_CLASS, RHYTHM_CLASS, RTS_CLASS = range(8, 13)
OFFICE = 13
# characters of the shipped data
JENNY, BRIAN, LAW, TED, KI, PRINCIPAL = range(6)


def rules(n: int = 4, **overrides):
    data = GAME.default_data()
    data.update(overrides)
    return GAME.make_rules(data, n)


def faces(**counts) -> list[int]:
    """faces(FPS=2, Wild=1) -> dice counts per face."""
    names = ("FPS", "Fighting", "Racing", "Rhythm", "RTS", "Wild")
    return [counts.get(name, 0) for name in names]


def make_state(n: int = 4, chars=(TED, KI, PRINCIPAL, JENNY), *, seed: int = 0,
               challenge: int = 0, overrides: dict | None = None, **fields) -> State:
    """A state in the player turns phase of round 1, nothing placed, empty pools.

    ``fields`` set State attributes directly (e.g. rank=[...], dice=[...]).
    """
    r = rules(n, **(overrides or {}))
    s = State(r, n, random.Random(seed))
    s.char = list(chars[:n])
    for p in range(n):
        s.hand[p] = list(r.characters[s.char[p]].cards)
    s.deck = [c for c in range(len(r.challenges)) if c != challenge]
    s.challenge = challenge
    s.round = 1
    s.left = [STANDEES] * n
    s.dice = [[0] * N_FACES for _ in range(n)]
    for key, value in fields.items():
        setattr(s, key, value)
    s.costs = [(phases.class_cost(s, p, "temp"), phases.class_cost(s, p, "perm"))
               for p in range(n)]
    return s


def run(s: State, *tasks: tuple) -> State:
    """Schedule ``tasks`` and play automatic steps up to the next real choice."""
    phases.push(s, *tasks)
    phases.advance(s)
    return s


def play(s: State, *actions) -> State:
    for a in actions:
        GAME.apply(s, a)
    return s


def token_total(s: State) -> int:
    return sum(s.supply) + sum(
        sum(pool[p]) for pool in (s.perm_a, s.perm_i, s.temp_a, s.temp_i) for p in range(s.n))
