"""The state of one game of Video Game Champion (plain Python data, cheap to copy)."""
from __future__ import annotations

import bisect
import copy

from simcli.games.rand import shuffle
from simcli.seeding import deferred

from .config import Rules


class PlayerState:
    """Everything in a player's area; all of it is public (tiles are kept face up)."""

    __slots__ = (
        "seat", "tiles", "ious", "dollars", "meeples", "rented", "presents", "initial",
        "mags", "tokens", "side", "notebook", "beside", "lines_done", "nb_points",
        "achievements", "ach_points", "genre_played", "beaten_diff", "rental_played",
        "played_unbeaten", "played", "beaten_points", "start_text", "start_items",
        "rentals_total", "max_ious",
    )

    def __init__(self, seat: int, n_genres: int):
        self.seat = seat
        self.tiles: list[int] = []  # Button Tiles, kept sorted
        self.ious = 0
        self.dollars = 0
        self.meeples = 0
        self.rented: list[int] = []  # Rental Store slots holding this player's meeple
        self.presents: list[int] = []  # card ids
        self.initial = -1
        self.mags: list[int] = []  # magazine ids owned
        self.tokens: dict[int, int] = {}  # card id -> 1 Played, 2 Beaten
        self.side = -1  # Password Notebook side
        self.notebook: list[int] = []  # crystal color per space, -1 empty
        self.beside: list[int] = []  # crystals kept next to the notebook
        self.lines_done: list[int] = []
        self.nb_points = 0
        self.achievements: list[int] = []
        self.ach_points = 0
        self.genre_played = [0] * n_genres
        self.beaten_diff = [0, 0, 0]
        self.rental_played = 0
        self.played_unbeaten = 0
        self.played = 0
        self.beaten_points = 0
        self.start_text = ""
        self.start_items = (0, 0, 0)
        self.rentals_total = 0
        self.max_ious = 0

    @property
    def crystals(self) -> int:
        """New Release Crystals that count as the player's (notebook and beside it)."""
        return sum(1 for c in self.notebook if c >= 0) + len(self.beside)

    @property
    def beaten(self) -> int:
        return sum(1 for v in self.tokens.values() if v == 2)

    def add_tile(self, t: int) -> None:
        bisect.insort(self.tiles, t)

    def add_ious(self, k: int) -> None:
        self.ious += k
        if self.ious > self.max_ious:
            self.max_ious = self.ious


class State:
    __slots__ = (
        "rng", "log", "rules", "n", "week", "phase", "order", "reserved", "turn", "round",
        "step", "grid", "space_actions", "slot_board", "bag", "discard", "box_tiles", "thrill",
        "rental", "rental_set", "rental_up", "meeple", "card_crystal", "store_deck", "store",
        "mag_deck", "newsstand", "mag_crystal", "crystal_bag", "box_crystals", "box_cards",
        "box_mags", "achievements", "players", "pending", "rent_window", "rentals_turn",
        "took_space", "wake_space", "dec", "decisions", "dirty", "hidden_crystal",
    )

    def __init__(self, rules: Rules, rng):
        self.rng = rng
        self.log = None
        self.rules = rules
        self.n = rules.n_players
        self.week = 1
        self.phase = "sides"
        self.order: list[int] = list(range(self.n))
        self.reserved: list[int] = []  # second row of the Initiative Board
        self.turn = 0  # index into order
        self.round = 0  # Routine round 0..2
        self.step = ""
        self.grid: list[int] = []  # tile per space, -1 empty
        self.space_actions: tuple = ()
        self.slot_board: list[int] = []
        self.bag: list[int] = []
        self.discard: list[int] = []
        self.box_tiles: list[int] = []
        self.thrill: list[int] = []
        self.rental: list[int] = []  # the 15 Rental Store cards in order
        self.rental_set: frozenset = frozenset()
        self.rental_up = 0
        self.meeple: list[int] = []  # per rental slot: player or -1
        self.card_crystal: dict[int, int] = {}  # face-up card id -> crystal (New Releases)
        self.hidden_crystal: list[int] = []  # crystal per face-down Rental slot, -1 none
        self.store_deck: list[int] = []
        self.store: list[int] = []
        self.mag_deck: list[int] = []
        self.newsstand: list[int] = []
        self.mag_crystal: dict[int, int] = {}  # magazine -> crystal color, -1 used
        self.crystal_bag: list[int] = []
        self.box_crystals = 0
        self.box_cards: list[int] = []
        self.box_mags: list[int] = []
        self.achievements: list[int] = []  # achievement cards still open
        self.players: list[PlayerState] = []
        self.pending: list[tuple] = []  # sub-steps to resolve first (crystal, reward, thrill)
        self.rent_window = False
        self.rentals_turn = 0
        self.took_space = -1
        self.wake_space = -1
        self.dec = None
        self.decisions = 0
        self.dirty = False

    @property
    def current(self) -> int:
        return self.order[self.turn]

    def clone(self) -> State:
        """An independent copy (RNG included): every list and dict is copied."""
        new = self._copy()
        rng = self.rng.__class__()
        rng.setstate(self.rng.getstate())
        new.rng = rng
        return new

    def _copy(self) -> State:
        """``clone`` but for the RNG, which the copy shares (``determinize`` replaces it:
        copying a Mersenne Twister's state is a large part of a copy's cost)."""
        new = copy.copy(self)
        for name in State.__slots__:
            value = getattr(self, name)
            if isinstance(value, list | dict):
                setattr(new, name, copy.copy(value))
        new.players = []
        for pl in self.players:
            # a new PlayerState with every slot set (lists and dicts copied); not
            # copy.copy, which goes through pickling's reduce for the compiled class
            q = PlayerState.__new__(PlayerState)
            for name in PlayerState.__slots__:
                value = getattr(pl, name)
                if isinstance(value, list | dict):
                    value = copy.copy(value)
                setattr(q, name, value)
            new.players.append(q)
        return new

    def determinize(self, player: int, rng) -> State:
        """A copy as ``player`` could believe it: what no player can know is resampled.

        Every player area, the Grid, the Thrill Trail, the Discard Board, the face-up
        cards and the Crystals (on face-down cards too) are public. Hidden: the order of
        the tile bag, which games lie face down in the Rental Store and in the Video Game
        Store deck (dealt anew from the same unseen games, keeping the Crystals where
        they lie), the order of the magazine deck, and the RNG (reseeded from ``rng``).
        """
        new = self._copy()
        new.rng = deferred(rng.getrandbits(64))
        shuffle(rng, new.bag)
        up = new.rental_up
        unseen = new.rental[up:] + new.store_deck
        shuffle(rng, unseen)
        k = len(new.rental) - up
        new.rental[up:] = unseen[:k]
        new.store_deck = unseen[k:]
        new.rental_set = frozenset(new.rental)
        shuffle(rng, new.mag_deck)
        return new


def draw_tile(state: State) -> int:
    """Draw a Button Tile from the bag, refilling it from the Discard Board when empty;
    -1 when both are empty."""
    bag = state.bag
    if not bag:
        if not state.discard:
            return -1
        bag.extend(state.discard)
        state.discard.clear()
        shuffle(state.rng, bag)
        if state.log is not None:
            state.log.append("the Discard Board is returned to the bag")
    return bag.pop()


def draw_for_player(state: State, player: PlayerState, k: int) -> None:
    """A player draws ``k`` tiles; each one missing from bag and discard is a Dollar."""
    for _ in range(k):
        t = draw_tile(state)
        if t < 0:
            player.dollars += 1
        else:
            player.add_tile(t)


def draw_crystal(state: State) -> int:
    bag = state.crystal_bag
    if not bag:
        return -1
    return bag.pop(int(state.rng.random() * len(bag)))


def crystal_total(state: State) -> int:
    """Crystals anywhere (bag, cards, magazines, players, box): always 40 with the
    printed components."""
    total = len(state.crystal_bag) + state.box_crystals + len(state.card_crystal)
    total += sum(1 for c in state.hidden_crystal if c >= 0)
    total += sum(1 for c in state.mag_crystal.values() if c >= 0)
    total += sum(pl.crystals for pl in state.players)
    return total


def tile_total(state: State) -> int:
    """Button Tiles anywhere: bag, discard, grid, Thrill Trail, players and box."""
    total = len(state.bag) + len(state.discard) + len(state.box_tiles)
    total += sum(1 for t in state.grid if t >= 0) + sum(1 for t in state.thrill if t >= 0)
    return total + sum(len(pl.tiles) for pl in state.players)
