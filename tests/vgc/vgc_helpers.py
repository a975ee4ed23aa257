"""Rigged states for Video Game Champion rules tests."""
from __future__ import annotations

import random

from simcli.games.vgc import rules as R
from simcli.games.vgc.combos import tile
from simcli.games.vgc.rules import GAME
from simcli.games.vgc.state import State, crystal_total, tile_total

__all__ = ["GAME", "R", "make_state", "give_tiles", "set_turn", "tile", "crystal_total",
           "tile_total", "card_named", "rules_for", "play_random"]


def rules_for(n: int = 4, **overrides):
    data = GAME.default_data()
    data.update(overrides)
    return GAME.make_rules(data, n)


def make_state(n: int = 4, seed: int = 1, side: str = "A", **overrides) -> State:
    """A fresh game after every player chose his notebook side: P1's first Routine turn."""
    s = GAME.setup(n, rules_for(n, **overrides), random.Random(seed))
    while s.dec is not None and s.dec.kind == "side":
        GAME.apply(s, side)
    return s


def _take_from_anywhere(s: State, t: int) -> None:
    for where in (s.bag, s.discard, s.box_tiles):
        if t in where:
            where.remove(t)
            return
    for where in (s.grid, s.thrill):
        if t in where:
            where[where.index(t)] = -1
            return
    for pl in s.players:
        if t in pl.tiles:
            pl.tiles.remove(t)
            return
    raise AssertionError(f"tile {t} not found")


def give_tiles(s: State, player: int, tiles) -> None:
    """Make ``tiles`` the player's exact hand; his old tiles go to the Discard Board
    (every tile still exists exactly once)."""
    pl = s.players[player]
    s.discard.extend(pl.tiles)
    pl.tiles.clear()
    for t in tiles:
        _take_from_anywhere(s, t)
    pl.tiles.extend(sorted(tiles))


def set_turn(s: State, player: int, step: str = "play", phase: str = "routine",
             rent_window: bool = False) -> None:
    """Make it ``player``'s turn at ``step`` and recompute the pending decision."""
    if player in s.order:
        s.turn = s.order.index(player)
    s.phase, s.step = phase, step
    s.rent_window = rent_window
    s.rentals_turn = 0
    s.pending.clear()
    R.advance(s)


def card_named(s: State, name: str) -> int:
    for c in s.rules.cards:
        if c.name == name:
            return c.id
    raise KeyError(name)


def play_random(s: State, rng: random.Random, until=None) -> None:
    """Random legal choices until the game ends or ``until(state)`` is true."""
    while s.dec is not None and not (until and until(s)):
        opts = s.dec.options
        GAME.apply(s, opts[int(rng.random() * len(opts))])
