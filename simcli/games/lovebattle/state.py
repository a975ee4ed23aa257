"""The state of one game of Love Battle! High School, and a player's view of it."""
from __future__ import annotations

import random

from simcli.seeding import deferred_state

from .data import Rules


class State:
    """Everything about one game. Lists are indexed by player, Girl or room index."""

    __slots__ = (
        "rules", "rng", "log", "n", "love", "gloc", "hero", "hands", "decks", "discards",
        "ki", "held", "cashed", "pp_discard", "face_up", "pp_deck", "votes", "med_deck",
        "med_discard",
        "meddling", "condition", "period", "active", "turns", "claimed", "test_bonus",
        "rec_up", "rec_down", "rec_types", "rec_plays", "rec_six", "rec_rooms", "rec_kick",
        "rec_top", "mod_move", "mod_test", "enchant_free", "extra_draw", "flirt_extra",
        "no_kick", "no_seduction", "no_hero_draw", "pending", "gen", "history", "rng0",
        "over", "answering", "rec_dirty", "checkpoint", "checkpointing", "origin",
    )

    def __init__(self, rules: Rules, rng: random.Random):
        R = rules
        n = R.n_players
        self.rules = R
        self.rng = rng
        self.rng0 = rng.getstate()
        self.log = None
        self.n = n
        self.love = [R.starting_love] * 5                # LB-015
        self.gloc = list(R.starts)                       # LB-014
        self.hero = R.hero_start                         # LB-013
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.decks = [list(d) for d in R.decks]
        self.discards: list[list[int]] = [[] for _ in range(5)]   # LB-018
        self.ki = [R.starting_ki] * n                    # LB-025
        self.held: list[list[int]] = [[] for _ in range(n)]   # Plot Points in front of a player
        self.cashed = [0] * n                            # Ki from Plot Points cashed in
        self.pp_discard: list[int] = []                  # Plot Points cashed in (LB-128)
        self.face_up: list[int] = []
        self.pp_deck = list(range(len(R.plot_points)))
        self.votes: list[tuple | None] = [None] * n
        self.med_deck = list(range(len(R.meddling)))
        self.med_discard: list[int] = []
        self.meddling = -1
        self.condition = -1                              # LB-023
        self.period = 1
        self.active = -1
        self.turns = 0
        self.claimed = False
        self.test_bonus = 0
        self.reset_record()
        self.mod_move = R.hero_moves
        self.mod_test = 0
        self.enchant_free = False
        self.extra_draw = 0
        self.flirt_extra = 0
        self.no_kick = self.no_seduction = self.no_hero_draw = False
        self.pending = None
        self.gen = None
        self.history: list = []
        self.over = False
        self.answering = -1        # the Girl whose card the Jealousy window answers
        # copies for search: a snapshot taken at the start of the latest turn (only once
        # a copy was asked for), so a clone replays that turn only; a determinized copy
        # keeps how it was made (``origin``: the recipe of the state it was drawn from, its
        # RNG's seed and what was dealt) until it takes a snapshot of its own
        self.checkpoint = None
        self.checkpointing = False
        self.origin = None

    def reset_record(self) -> None:
        """What the active player has done this turn (Plot Point requirements, LB-089)."""
        self.rec_up = [0] * 5
        self.rec_down = [0] * 5
        self.rec_types = [0] * 5
        self.rec_plays = 0
        self.rec_six = False
        self.rec_rooms: list[int] = []
        self.rec_kick = False
        self.rec_top = False
        self.rec_dirty = False     # anything recorded yet this turn


#: the fields a turn-start snapshot holds (everything but the rules, RNG, log, flow)
SNAPSHOT = tuple(f for f in State.__slots__ if f not in (
    "rules", "rng", "log", "gen", "pending", "history", "rng0", "checkpoint",
    "checkpointing", "origin"))


def _copy(value):
    if type(value) is list:
        return [list(v) if type(v) is list else v for v in value]
    return value


def snapshot(st: State) -> tuple:
    """The state's plain data at a turn start (lists copied) and its RNG state."""
    return tuple(_copy(getattr(st, f)) for f in SNAPSHOT), st.rng.getstate()


def restore(st: State, snap: tuple) -> None:
    """Set ``st``'s fields from a snapshot (copied again: a snapshot is reused)."""
    values, rng_state = snap
    for f, v in zip(SNAPSHOT, values, strict=True):
        setattr(st, f, _copy(v))
    # a Random set to the snapshot's state at its first draw: ``determinize`` reseeds a
    # copy's RNG at once, so mostly it never is (``random.Random()`` would also seed it
    # from the OS first, for nothing)
    st.rng = deferred_state(rng_state)


#: a View's ``record`` of a turn with nothing recorded yet (what reset_record leaves)
_NO_RECORD = ((0, 0, 0, 0, 0), (0, 0, 0, 0, 0), (0, 0, 0, 0, 0), 0, False, (), False, False)


def _lens(lists: list) -> tuple:
    """``tuple(map(len, lists))`` as a loop (a C loop in the compiled build)."""
    out = []
    for x in lists:
        out.append(len(x))
    return tuple(out)


class View:
    """What one player may know: public board, own hand, own vote, own turn record.

    Other players' hands and votes, the deck orders and the RNG are not here.
    """

    __slots__ = (
        "player", "n_players", "period", "active", "hero", "love", "gloc", "hand", "my_vote",
        "ki", "plot_point_counts", "my_plot_points", "face_up", "hand_sizes", "deck_sizes",
        "condition", "meddling", "claimed", "test_bonus", "record", "answering", "rules",
    )

    def __init__(self, st: State, player: int):
        self._fill(st, player)

    def _fill(self, st: State, player: int) -> None:
        # (a method of its own so that state.pxd can type ``st``: the compiled build reads
        # the State's fields as C fields)
        active = player == st.active
        self.player = player
        self.n_players = st.n
        self.period = st.period
        self.active = st.active
        self.hero = st.hero
        self.love = tuple(st.love)
        self.gloc = tuple(st.gloc)
        self.hand = tuple(st.hands[player])
        self.my_vote = st.votes[player]
        self.ki = tuple(st.ki)
        self.plot_point_counts = _lens(st.held)
        self.my_plot_points = tuple(st.held[player])
        self.face_up = tuple(st.face_up)
        self.hand_sizes = _lens(st.hands)
        self.deck_sizes = _lens(st.decks)
        self.condition = st.condition
        self.meddling = st.meddling
        self.claimed = st.claimed if active else False
        self.test_bonus = st.test_bonus if active else 0
        if not active:
            self.record = None
        elif not st.rec_dirty and not st.rec_six:
            # nothing recorded yet this turn (every record but the six sets rec_dirty):
            # the record reset_record leaves, shared
            self.record = _NO_RECORD
        else:
            self.record = (tuple(st.rec_up), tuple(st.rec_down), tuple(st.rec_types),
                           st.rec_plays, st.rec_six, tuple(st.rec_rooms), st.rec_kick,
                           st.rec_top)
        self.answering = st.answering
        self.rules = st.rules   # the compiled components: public, never the game state

    def as_dict(self) -> dict:
        return {k: getattr(self, k) for k in self.__slots__ if k != "rules"}
