"""The board between turns: Newsstand and Store reveals, Reset the Board, Initiative Reset."""
from __future__ import annotations

from .state import State, draw_crystal, draw_tile


def reveal_newsstand(s: State) -> None:
    for _ in range(s.rules.p["newsstand_reveal"]):
        if s.mag_deck:
            m = s.mag_deck.pop()
            s.newsstand.append(m)
            s.mag_crystal[m] = draw_crystal(s)


def reveal_store(s: State) -> None:
    for _ in range(s.rules.p["store_reveal"]):
        if s.store_deck:
            g = s.store_deck.pop()
            s.store.append(g)
            c = draw_crystal(s)
            if c >= 0:
                s.card_crystal[g] = c


def reset_board(s: State) -> None:
    """Steps 1-5 of Reset the Board (Weeks 2-5)."""
    for slot, who in enumerate(s.meeple):
        if who >= 0:
            s.players[who].meeples += 1
            s.meeple[slot] = -1
    for pl in s.players:
        pl.rented.clear()
    s.discard.extend(t for t in s.grid if t >= 0)
    s.grid = [draw_tile(s) for _ in s.grid]
    up = min(len(s.rental), s.rental_up + s.rules.p["rental_reveal_per_week"])
    for slot in range(s.rental_up, up):  # revealed cards show their Crystal with the game
        c = s.hidden_crystal.pop(0)
        if c >= 0:
            s.card_crystal[s.rental[slot]] = c
    s.rental_up = up
    for m in s.newsstand:
        if s.mag_crystal.pop(m, -1) >= 0:
            s.box_crystals += 1
        s.box_mags.append(m)
    s.newsstand = []
    reveal_newsstand(s)
    for g in s.store:
        if s.card_crystal.pop(g, -1) >= 0:
            s.box_crystals += 1
        s.box_cards.append(g)
    s.store = []
    reveal_store(s)
    if s.log is not None:
        s.log.append(f"Week {s.week}: the board is reset")


def initiative_reset(s: State) -> None:
    """Reserved cubes go first in reservation order; the others keep their order."""
    s.order = list(s.reserved) + [x for x in s.order if x not in s.reserved]
    s.reserved = []
