"""The shape and bounds of Love Battle data (data.toml, ``--set``, scenario ``[rules]``).

Checked by :func:`simcli.games.schema.validate` before ``data.compile_rules`` runs.
Component bounds: five Girls, 55 Ki tokens and 20 vote tokens in the box, a six-sided
test die; the other bounds only keep a run finite (see NOTES.md, "Bounds").
"""
from __future__ import annotations

from simcli.games.schema import Bool, Int, List, Map, Str, Table, Tagged

from .data import (
    ABILITIES,
    CARD_TYPES,
    CONDITION_EFFECTS,
    MEDDLING_EFFECTS,
    REQUIREMENTS,
    ROOM_ACTIONS,
)

MAX_ROOMS = 30
MAX_LOVE = 100
NAME = Str(nonempty=True, doc="name")
COPIES = Int(0, 20, doc="copies in the deck")

CARD = Table({
    "name": NAME, "type": Str(CARD_TYPES), "copies": Int(1, 20),
    "love": Int(-10, 10), "rival": Int(-10, 10), "draw": Int(0, 10), "ki": Int(0, 10),
    "test_bonus": Int(0, 10), "date": Bool(),
}, optional=("copies", "love", "rival", "draw", "ki", "test_bonus", "date"))

GIRL = Table({"ability": Str(ABILITIES), "start": Str(), "cards": List(CARD, 1, 60)})


def _pp(**extra) -> Table:
    return Table({"title": NAME, **extra, "ki": Int(0, 20), "copies": COPIES},
                 optional=("copies", "amount"))


_amount = Int(1, 30, doc="how many the requirement needs")
PLOT_POINT = Tagged("requirement", {
    "hand_each_girl": _pp(amount=_amount), "love_gain": _pp(amount=_amount),
    "love_loss": _pp(amount=_amount), "girls_gained": _pp(amount=Int(1, 5)),
    "play_type": _pp(card_type=Str(CARD_TYPES)), "plays": _pp(amount=_amount),
    "test_six": _pp(), "room_action": _pp(room=Str()), "kick": _pp(),
    "hand_size": _pp(amount=_amount), "love_top": _pp(),
})
assert set(PLOT_POINT.variants) == set(REQUIREMENTS)


def _payout(doc: str) -> Int:
    return Int(0, 100, doc=doc)


SCHEMA = Table({
    "otm_payout": _payout("Ki paid for a correct One True Match vote"),
    "triangle_payout": _payout("Ki paid for a correct Love Triangle vote"),
    "two_player_consolation": _payout("2 players: Ki for the other Girl of a triangle"),
    "face_up_plot_points_2p": Int(0, 20, doc="face-up Plot Points, 2 players"),
    "face_up_plot_points_3p": Int(0, 20, doc="face-up Plot Points, 3 players"),
    "face_up_plot_points_4p": Int(0, 20, doc="face-up Plot Points, 4 players"),
    "starting_ki": Int(0, 55, doc="Ki each player starts with (55 Ki in the box)"),
    "starting_love": Int(0, MAX_LOVE, doc="every Girl's Love at the start"),
    "love_min": Int(0, MAX_LOVE, doc="lowest Love on the track"),
    "love_max": Int(1, MAX_LOVE, doc="highest Love on the track"),
    "periods": Int(1, 50, doc="periods in a game"),
    "hero_moves": Int(0, MAX_ROOMS, doc="rooms the Hero moves per turn"),
    "girl_phase_draws": Int(0, 10, doc="cards drawn in the Girl phase"),
    "enchantment_cost": Int(0, 55, doc="Ki to play an Enchantment"),
    "flirting_other_love": Int(-10, 10, doc="Love change of the other Girls on a Flirting"),
    "sakiko_flirting_love": Int(-10, 10, doc="Sakiko's extra Love on a Flirting"),
    "ki_supply": Int(0, 500, doc="Ki tokens in the supply"),
    "vote_tokens": Int(5, 100, doc="vote tokens (one per player per Girl needed)"),
    "reshuffle_empty_deck": Bool(doc="an empty deck is reshuffled from its discards"),
    "test_min": Int(-100, 100, doc="lowest result of a test after modifiers"),
    "test_max": Int(-100, 100, doc="highest result of a test after modifiers"),
    "provisional_parameters": Table({"keys": List(Str(), 0, 50)}),
    "board": Table({"hero_start": Str(), "hallway": Str(),
                    "rooms": List(Str(nonempty=True), 2, MAX_ROOMS),
                    "hallway_rooms": List(Str(), 1, MAX_ROOMS),
                    "links": List(List(Str(), length=2), 0, 100)}, optional=("links",)),
    "rooms": Map(Table({"action": Str(ROOM_ACTIONS), "title": Str()}, optional=("title",)),
                 max_keys=MAX_ROOMS),
    "girls": Table({"order": List(Str(nonempty=True), length=5)}, extra=GIRL),
    "conditions": List(Table({"name": NAME, "effect": Str(CONDITION_EFFECTS),
                              "value": Int(-10, 10)}), 1, 20),
    "meddling": List(Table({"title": NAME, "character": Str(), "effect": Str(MEDDLING_EFFECTS),
                            "value": Int(-10, MAX_ROOMS), "copies": COPIES},
                           optional=("copies",)), 1, 50),
    "plot_points": List(PLOT_POINT, 1, 60),
})
