"""What a player may see (the view) and options as rulebook phrases (describe)."""
from __future__ import annotations

from simcli.engine import Decision

from .state import State


class View:
    """What one player may see. Everything in a player area is public (tiles face up).
    Hidden: the order and contents of the tile bag, Discard Board, decks and crystal bag,
    the face-down Rental Store cards (only the Crystals on them show), the box, the RNG.
    Lists are shared with the state for speed (no copies): strategies must not modify
    them and must not keep them past ``choose``."""

    __slots__ = ("me", "n", "week", "phase", "step", "round", "order", "reserved", "rules",
                 "players", "grid", "space_actions", "thrill", "rental_up", "rental",
                 "meeple", "card_crystal", "store", "newsstand", "mag_crystal",
                 "achievements", "hidden_crystals", "bag_size", "discard_size",
                 "crystals_in_bag", "took_space", "rent_window", "rentals_turn", "pending")

    def __init__(self, s: State, player: int):
        self.me = player
        self.n = s.n
        self.week = s.week
        self.phase = s.phase
        self.step = s.step
        self.round = s.round
        self.order = s.order
        self.reserved = s.reserved
        self.rules = s.rules
        self.players = s.players
        self.grid = s.grid
        self.space_actions = s.space_actions
        self.thrill = s.thrill
        self.rental_up = s.rental_up
        self.rental = s.rental[: s.rental_up]
        self.meeple = s.meeple
        self.card_crystal = s.card_crystal  # face-up cards only
        self.store = s.store
        self.newsstand = s.newsstand
        self.mag_crystal = s.mag_crystal
        self.achievements = s.achievements
        self.hidden_crystals = s.hidden_crystal  # Crystals on face-down cards (visible)
        self.bag_size = len(s.bag)
        self.discard_size = len(s.discard)
        self.crystals_in_bag = len(s.crystal_bag)
        self.took_space = s.took_space
        self.rent_window = s.rent_window
        self.rentals_turn = s.rentals_turn
        self.pending = s.pending


def describe(s: State, d: Decision, action) -> str:
    r = s.rules
    kind = d.kind

    def tname(t: int) -> str:
        return f"{t // 5} of {r.suits[t % 5]}"

    if kind == "side":
        return f"use Password Notebook side {action}"
    if kind == "take":
        return f"take {tname(s.grid[action])} from the Grid"
    if kind == "action":
        name = action[0]
        if name == "present":
            return f"Asking for a Present: {r.cards[action[1]].name}"
        if name == "newsstand":
            g = r.magazines[action[1]]
            return f"Going to the Newsstand: {r.genres[g[0]]}/{r.genres[g[1]]} Magazine"
        if name in ("study", "grandparents"):
            return f"{name}: return {action[1]} IOU"
        return {"planning": "Game Planning", "money": "Can I Have Some Money?",
                "wake": "Waking Up Early", "rental": "Going to the Rental Store",
                "none": "no Action"}[name]
    if kind == "wake_space":
        return "no exchange" if action == "keep" else f"exchange for {tname(s.grid[action])}"
    if kind in ("wake_give", "discard"):
        return f"{kind.replace('_', ' ')} {tname(action)}"
    if kind == "play":
        if action[0] == "end":
            return "end turn"
        if action[0] == "rent":
            return f"rent {r.cards[s.rental[action[1]]].name}"
        tiles = ", ".join(tname(t) for t in action[2]) or "no tiles"
        mags = f" + {len(action[3])} Magazine(s)" if action[3] else ""
        return f"{action[0]} {r.cards[action[1]].name} with {tiles}{mags}"
    if kind == "crystal":
        color = r.colors[s.pending[0][1]] if s.pending and s.pending[0][0] == "crystal" else "?"
        pl = s.players[d.player]
        space = r.sides[pl.side].spaces[action]
        where = "rainbow" if space < 0 else r.colors[space]
        return f"place {color} Crystal on notebook space {action} ({where})"
    if kind == "reward":
        return f"receive notebook line {action} reward first"
    if kind == "thrill":
        return f"Thrill: take {tname(s.thrill[action])}"
    return str(action)
