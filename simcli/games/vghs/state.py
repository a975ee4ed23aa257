"""The state of one VGHS game, the rank track, and what a player may see (the view)."""
from __future__ import annotations

import random

from simcli.games.rand import shuffle
from simcli.seeding import deferred

from .ruleset import N_FACES, START_RANK


class State:
    """Everything of one game. Counts are lists indexed by player, then by skill/face.

    ``dice[p][f]`` counts the dice of the active pool showing face f (dice spent this round
    are out of it); ``perm_a``/``perm_i``/``temp_a``/``temp_i`` count permanent/temporary
    skill tokens per type in the active/inactive pool. ``stack`` holds the pending steps of
    the round (last = next); ``pending`` is the open decision and ``task`` its step.
    """

    __slots__ = (
        "rules", "n", "rng", "log", "round", "first", "deck", "challenge", "rank", "char",
        "dice", "perm_a", "perm_i", "temp_a", "temp_i", "supply", "hand", "played", "left",
        "occ", "on_gta", "hs", "hs_token", "bonus", "bonus_supply", "sym", "stack", "pending",
        "task", "over", "end_reason", "rolling", "stats", "defeated", "open", "costs", "views",
    )

    def __init__(self, rules, n: int, rng: random.Random):
        self.rules = rules
        self.n = n
        self.rng = rng
        self.log = None
        self.round = 0
        self.first = 0
        self.deck: list[int] = []
        self.challenge = -1
        self.rank = [START_RANK] * n
        self.char = [-1] * n
        self.dice = [[0] * N_FACES for _ in range(n)]
        self.perm_a = [[0] * N_FACES for _ in range(n)]
        self.perm_i = [[0] * N_FACES for _ in range(n)]
        self.temp_a = [[0] * N_FACES for _ in range(n)]
        self.temp_i = [[0] * N_FACES for _ in range(n)]
        self.supply = list(rules.supply)
        self.hand: list[list[int]] = [[] for _ in range(n)]
        self.played: list[list[int]] = [[] for _ in range(n)]
        self.left = [0] * n
        self.occ = [0] * len(rules.locations)
        self.open = rules.all_locations
        self.views: list = [None] * n   # one View per player, refreshed by view()
        self.costs = [(rules.params["class_temp_cost"], rules.params["class_perm_cost"])] * n
        self.on_gta = [0] * n
        k = len(rules.video_games)
        self.hs = [0] * k
        self.hs_token = [False] * k
        self.bonus = [0] * k
        self.bonus_supply = rules.params["bonus_tokens"]
        self.sym = [0] * N_FACES
        self.stack: list[tuple] = []
        self.pending = None
        self.task = None
        self.over = False
        self.end_reason = ""
        self.rolling = False
        # per player: challenges won, high scores, rank from video games, power-ups played,
        # game overs suffered
        self.stats = [[0, 0, 0, 0, 0] for _ in range(n)]
        self.defeated = 0

    def clone(self) -> State:
        new = self._copy()
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        new.rng = rng
        return new

    def _copy(self) -> State:
        """``clone`` but for the RNG, which the copy shares (``determinize`` replaces it:
        copying a Mersenne Twister's state costs more than the rest of a vghs state)."""
        new = State.__new__(State)
        for name in State.__slots__:
            value = getattr(self, name)
            if isinstance(value, list):
                value = [list(v) if isinstance(v, list) else v for v in value]
            setattr(new, name, value)
        new.views = [None] * self.n
        return new

    def determinize(self, player: int, rng: random.Random) -> State:
        """A copy as ``player`` could believe it: what they cannot know is resampled.

        Hidden from ``player``: the order of the challenge deck and, while everyone is
        rolling, the other players' dice (a fresh roll of as many dice). Hands are not
        resampled: every character's power-up cards are printed and every card played or
        taken back is public, so the history tells each hand exactly. The copy's RNG is
        reseeded from ``rng``, so its future chance is resampled too.
        """
        new = self._copy()
        new.rng = deferred(rng.getrandbits(64))
        shuffle(rng, new.deck)
        if self.rolling:
            rnd = rng.random
            for q in range(self.n):
                if q != player:
                    counts = [0] * N_FACES
                    for _ in range(sum(self.dice[q])):
                        counts[int(rnd() * N_FACES)] += 1
                    new.dice[q] = counts
        return new


def move_ranks(rank: list[int], deltas: dict[int, int], floor: int = START_RANK) -> None:
    """Move rank tokens by ``deltas`` (player -> rank gained; negative = lost) at once.

    Each token moves toward space 1 by the rank gained, never below ``floor`` (VGHS-090).
    A token landing on an occupied space bumps the one there down a space, which may bump
    further (VGHS-088/089); space ``floor`` holds any number of tokens. Simultaneous moves
    (VGHS-091): all movers leave the track first, then land from the lowest destination
    upward; two movers aiming at the same space land worse-placed first, so the one that
    stood higher keeps the space and bumps the other.
    """
    if len(deltas) == 1:                        # one mover: the plain rule
        for p, d in deltas.items():
            if d:
                dest = rank[p] - d
                rank[p] = 0
                _land(rank, p, floor if dest > floor else (dest if dest > 1 else 1), floor)
        return
    movers = [(min(floor, max(1, rank[p] - d)), rank[p], p) for p, d in deltas.items() if d]
    if not movers:
        return
    for _, _, p in movers:
        rank[p] = 0
    movers.sort(reverse=True)
    for dest, _, p in movers:
        _land(rank, p, dest, floor)


def _land(rank: list[int], p: int, space: int, floor: int) -> None:
    while space < floor:
        rank[p] = 0
        q = rank.index(space) if space in rank else -1
        rank[p] = space
        if q < 0:
            return
        p = q
        space += 1
    rank[p] = floor


class View:
    """What one player may see. Lists are the game's own (read-only for strategies).

    Hidden: the order of the challenge deck (only its size), the other players' hands of
    power-up cards (only their sizes; played cards lie face-up), the other players' dice
    while everyone is rolling, and the RNG. A player's View object is reused: each call of
    ``VGHS.view`` refreshes it, so a strategy must not keep one across decisions.
    The lists it shares are never replaced during a game (the rules mutate them in place).
    """

    __slots__ = ("player", "rules", "round", "first", "challenge", "deck_size", "rank", "char",
                 "dice", "perm_a", "perm_i", "temp_a", "temp_i", "supply", "hand",
                 "hand_sizes", "played", "left", "occ", "on_gta", "hs", "hs_token", "bonus",
                 "bonus_supply", "sym", "task")

    def __init__(self, s: State, p: int):
        self.player = p
        self.rules = s.rules
        self.rank = s.rank
        self.char = s.char
        self.perm_a = s.perm_a
        self.perm_i = s.perm_i
        self.temp_a = s.temp_a
        self.temp_i = s.temp_i
        self.supply = s.supply
        self.played = s.played
        self.left = s.left
        self.occ = s.occ
        self.on_gta = s.on_gta
        self.hs = s.hs
        self.hs_token = s.hs_token
        self.bonus = s.bonus
        self.sym = s.sym
        self.refresh(s)

    def refresh(self, s: State) -> View:
        """Copy the scalars and the player's own hand; mask dice while rolling."""
        p = self.player
        self.round = s.round
        self.first = s.first
        self.challenge = s.challenge
        self.deck_size = len(s.deck)
        self.hand = tuple(s.hand[p])
        sizes = []                      # tuple(map(len, s.hand)) as a loop
        for h in s.hand:
            sizes.append(len(h))
        self.hand_sizes = tuple(sizes)
        self.bonus_supply = s.bonus_supply
        self.task = s.task
        if s.rolling:
            masked = []
            dice = s.dice
            for i in range(len(dice)):
                masked.append(dice[i] if i == p else None)
            self.dice = masked
        else:
            self.dice = s.dice
        return self
