"""The shape and bounds of Video Game Champion data (data.toml, ``--set``, ``[rules]``).

Checked by :func:`simcli.games.schema.validate` before ``config.compile_rules`` runs.
Component bounds: Button Tiles are numbered 0-9 in 5 suits (50 tiles), 30 Video Game
Cards, 5 Initial Games, 8 Action Boards, 5 crystal colours; player counts 2-5. The other
bounds only keep a run finite.
"""
from __future__ import annotations

from simcli.games.schema import Either, Int, List, Map, Str, Table, Tagged

from .combos import KINDS, N_NUMBERS, N_SUITS
from .config import ACTIONS, CONDS, REWARDS

N_TILES = N_NUMBERS * N_SUITS      # 50 Button Tiles
MAX_GAMES = 60                     # Video Game Cards a designer may list (30 printed)
NAME = Str(nonempty=True, doc="name")
COUNTS = ("2", "3", "4", "5")


ACTION = Str(doc="action: " + ", ".join(ACTIONS) + " (study:N)")
BOARD_SIDE = Either((ACTION, List(ACTION, 0, 4)), doc="actions on a board side")

CARD = Table({
    "name": NAME,
    "genre": Str(nonempty=True),
    "difficulty": Str(nonempty=True),
    "combo": Str(KINDS),
    "size": Int(2, 8, doc="tiles in the full combination"),
    "numbers": List(Int(-1, N_NUMBERS - 1), 1, 8),
    "score": Int(0, 50),
}, optional=("numbers",))

_count = Int(1, 30, doc="how many the condition needs")
_points = Int(0, 50, doc="points")


def _ach(**extra) -> Table:
    return Table({"name": NAME, "type": Str(("genre", "play", "beat", "behavior")),
                  **extra, "count": _count, "points": _points})


ACHIEVEMENT = Tagged("cond", {
    "genre_played": _ach(genre=Str(nonempty=True)),
    "beaten": _ach(difficulty=Str(nonempty=True)),
    **{c: _ach() for c in CONDS if c not in ("genre_played", "beaten")},
})

REWARD = Map(Int(0, 10), keys=REWARDS, doc="reward of a completed line")
SIDE = Table({
    "name": Str(),
    "spaces": List(Str(nonempty=True), 1, 25),
    "rows": List(REWARD, 1, 5),
    "cols": List(REWARD, 1, 5),
}, optional=("name",))

BONUS = Either((Str(max_len=60), Map(Int(0, 10), keys=("iou", "ious", "tile", "tiles",
                                                        "dollar", "dollars"))))

SCHEMA = Table({
    "genres": List(Str(nonempty=True), 1, 12, doc="video game genres"),
    "difficulties": List(Str(nonempty=True), 1, 6, doc="game difficulties"),
    "weeks": Int(1, 10, doc="Weeks in a game"),
    "routine_turns": Int(1, 6, doc="Routine turns per player per Week"),
    "tile_limit": Int(0, N_TILES, doc="Tiles (Button Tiles + IOUs) kept after Discard"),
    "money_iou_limit": Int(0, 30, doc="IOUs that bar \"Can I Have Some Money?\""),
    "present_iou_limit": Int(0, 30, doc="IOUs that bar \"Asking for a Present\""),
    "max_rentals": Int(0, 10, doc="rentals per turn"),
    "meeples": Int(1, 10, doc="meeples per player"),
    "rent_cost": Int(0, 10, doc="Dollars to rent a game"),
    "new_release_rent_cost": Int(0, 10, doc="Dollars to rent a New Release"),
    "thrill_trail": Int(0, 30, doc="Thrill tokens on the Thrill Trail"),
    "start_tiles": Int(0, 20, doc="Button Tiles each player draws at Press Start"),
    "start_dollars": Int(0, 20, doc="Dollars each player starts with"),
    "store_reveal": Int(0, 10, doc="Video Game Store games revealed each Week"),
    "newsstand_reveal": Int(0, 15, doc="Magazines revealed each Week"),
    "rental_store_size": Int(1, MAX_GAMES, doc="cards in the Rental Store"),
    "rental_crystals": Int(0, MAX_GAMES, doc="Rental Store cards that carry a Crystal"),
    "rental_reveal_per_week": Int(0, MAX_GAMES, doc="Rental Store cards revealed each Week"),
    "rental_face_up": Map(Int(0, MAX_GAMES), keys=COUNTS,
                          doc="Rental Store cards face up at the start"),
    "start_bonus": Map(List(BONUS, 0, 5), keys=COUNTS,
                       doc="starting items by initiative position"),
    "start_bonus_meta": Table({}),
    "scoring": Table({k: Int(0, 50) for k in (
        "played_bonus_after", "played_bonus_points", "most_played", "most_played_tied",
        "most_crystals", "most_crystals_tied")}),
    "achievements_per_type": Map(List(Int(0, 10), length=4), keys=COUNTS,
                                 doc="Achievements drawn: [genre, play, beat, behavior]"),
    "grid": Map(Table({"cols": Int(1, 8), "rows": Int(1, 8),
                       "side": Str(("dark", "light")),
                       "shared": List(List(Int(0, 15), length=2), 0, 16)},
                      optional=("side", "shared")), keys=COUNTS),
    "boards": List(Table({"dark": BOARD_SIDE, "light": BOARD_SIDE},
                         optional=("dark", "light")), 1, 16, doc="the Action Boards"),
    "tiles": Table({"numbers": List(Int(0, N_NUMBERS - 1), length=2),
                    "suits": List(Str(nonempty=True), length=N_SUITS),
                    "removed_2p": List(Int(0, N_NUMBERS - 1), 0, N_NUMBERS - 2)},
                   optional=("removed_2p",)),
    "crystals": Table({"colors": List(Str(nonempty=True), 1, 10),
                       "per_color": Int(1, 30)}),
    "games": List(CARD, 1, MAX_GAMES, doc="Video Game Cards"),
    "initial_games": List(CARD, 1, 10, doc="Initial Video Game Cards (one per seat)"),
    "magazines": Table({"genre_pairs": List(List(Str(), length=2), 1, 60)}),
    "achievements": List(ACHIEVEMENT, 1, 60, doc="Achievement Cards"),
    "notebook": Table({"sides": List(SIDE, 1, 4)}),
})
