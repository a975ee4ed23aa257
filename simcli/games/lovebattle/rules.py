"""Love Battle! High School: the forward model (setup, decisions, apply, view, result).

The course of the game is written as a generator (``flow.game_flow``) that yields each
Decision and receives the chosen option, so the rules read in rulebook order. A state
keeps its start RNG state, the chosen actions and a snapshot at the latest turn start,
so ``clone`` rebuilds an independent copy by replaying the actions since.
"""
from __future__ import annotations

import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from simcli.engine import Decision, IllegalActionError
from simcli.games.base import BaseGame
from simcli.seeding import defer_seed

from . import flow
from .bounds import SCHEMA
from .common import shuffle
from .data import CARD_TYPES, Rules, compile_rules
from .scoring import final_result
from .state import State, View, restore

RULES_VERSION = "1"


class LoveBattle(BaseGame):
    name = "lovebattle"
    analysis_streams = True  # analysis.py takes a LazyFrame (flat memory)
    title = "Love Battle! High School"
    description = ("2-4 players steer Hiroshi and five Girls for seven Class Periods; secret "
                   "One True Match / Love Triangle votes pay Ki at the DATE!")
    players = range(2, 5)
    default_players = 4
    RULES_VERSION = RULES_VERSION
    max_decisions = 20_000
    data_file = Path(__file__).with_name("data.toml")
    schema = SCHEMA
    decision_kinds = ("cash_in", "choose_condition", "claim", "date_room", "discard",
                      "food_fight", "girl_draw", "girl_phase", "hero_action", "hero_move",
                      "hero_phase", "jealousy", "keep_condition", "love_down", "love_up",
                      "peek_girl", "transmute", "turn", "vote")

    def compile_rules(self, data: Mapping[str, Any], n_players: int) -> Rules:
        return compile_rules(data, n_players)

    # -- setup ---------------------------------------------------------------------------
    def setup(self, n_players: int, rules: Rules, rng: random.Random) -> State:
        if rules.n_players != n_players:
            raise ValueError(f"rules compiled for {rules.n_players} players, not {n_players}")
        st = State(rules, rng)
        self._setup_components(st)
        st.gen = flow.game_flow(st)
        st.pending = next(st.gen)
        return st

    @staticmethod
    def _setup_components(st: State) -> None:
        rng = st.rng
        shuffle(rng, st.med_deck)                                 # LB-016
        for deck in st.decks:                                     # LB-017
            shuffle(rng, deck)
        shuffle(rng, st.pp_deck)                                  # LB-019
        for _ in range(st.rules.face_up):                         # LB-020..022
            if st.pp_deck:
                st.face_up.append(st.pp_deck.pop())
        for p in range(st.n):                                     # LB-024
            for g in range(5):
                flow.draw_card(st, p, g)

    # -- the loop --------------------------------------------------------------------------
    def decision(self, state: State) -> Decision | None:
        return state.pending

    def apply(self, state: State, action) -> None:
        d = state.pending
        if d is None:
            raise IllegalActionError("the game is over")
        if action not in d.options:
            raise IllegalActionError(f"{action!r} is not an option of {d.kind}")
        state.history.append(action)
        try:
            state.pending = state.gen.send(action)
        except StopIteration:
            state.pending = None

    def view(self, state: State, player: int) -> View:
        return View(state, player)

    def result(self, state: State):
        if state.pending is not None:
            raise ValueError("the game is not over")
        return final_result(state)

    def clone(self, state: State) -> State:
        """An independent copy (RNG included).

        The course of the game is a generator, which cannot be copied: the copy restores
        the snapshot taken at the start of the current turn and replays this turn's
        actions, so its cost is that of the state plus one turn. The first clone of a game
        replays it from the start once and switches the snapshots on. A determinized copy
        (``determinize``) is rebuilt the way it was made until it reaches a turn start of
        its own: its source's turn replayed, the same draws, then its own actions.
        """
        copy = self._copy(state, True)[0]
        copy.log = None if state.log is None else list(state.log)
        return copy

    def _copy(self, state: State, keep: bool) -> tuple[State, tuple]:
        """A copy of ``state`` (``keep``: as ``_build``) and the recipe that makes it. A
        true state never copied is replayed from its start once (``_first_clone``)."""
        if state.checkpoint is None and state.origin is None:
            copy = self._first_clone(state)
            if not keep:
                copy.checkpoint = None
                copy.checkpointing = False
            return copy, self._recipe(state)
        recipe = self._recipe(state)
        return self._build(recipe, state, keep), recipe

    def _first_clone(self, state: State) -> State:
        """A true state's first copy: the game replayed from its start RNG, snapshots on
        (in the copy and, from its next turn start, in ``state``)."""
        rng = random.Random()
        rng.setstate(state.rng0)
        copy = self.setup(state.n, state.rules, rng)
        copy.checkpointing = True
        for action in state.history:
            self.apply(copy, action)
        state.checkpointing = True
        state.checkpoint = copy.checkpoint
        return copy

    def _recipe(self, state: State) -> tuple:
        """How ``_build`` makes ``state`` again: ``("turn", checkpoint, history)``, the
        snapshot of its latest turn start and the actions since; ``("start", start RNG
        state, history)`` before the first turn (the votes); or, for a determinized
        copy without a snapshot of its own, ``("drawn", source recipe, seed, dealt,
        history)``: the source rebuilt, dealt as it was, then the copy's own actions."""
        history = tuple(state.history)
        if state.checkpoint is not None:
            return "turn", state.checkpoint, history
        if state.origin is None:            # a true state still voting: no turn started
            return "start", state.rng0, history
        # a determinized copy copied once is likely copied again (a rollout's bots look
        # ahead at each of their turns): from its next turn start on it keeps a snapshot
        # of its own, as a true state does
        state.checkpointing = True
        source, seed, dealt = state.origin
        return "drawn", source, seed, dealt, history

    def _build(self, recipe: tuple, like: State, keep: bool) -> State:
        """The state ``recipe`` describes (``like``: a state of the same game, for its
        rules and start RNG). With ``keep`` False (``determinize``: a copy seldom cloned)
        the copy takes no turn-start snapshot of its own until it is cloned."""
        if recipe[0] == "drawn":
            _, source, seed, dealt, history = recipe
            copy = self._build(source, like, False)
            self._deal(copy, seed, dealt)
            copy.origin = (source, seed, dealt)
        elif recipe[0] == "start":
            _, rng0, history = recipe
            rng = random.Random()
            rng.setstate(rng0)
            copy = self.setup(like.n, like.rules, rng)
        else:
            _, cp, history = recipe
            snap, start, period, player = cp
            copy = State.__new__(State)
            copy.rules = like.rules
            copy.log = None
            restore(copy, snap)
            copy.rng0 = like.rng0
            copy.history = list(history[:start])
            copy.checkpoint = cp if keep else None
            copy.origin = None
            copy.checkpointing = keep   # resuming a turn snapshots it only when kept
            gen = copy.gen = flow.game_flow(copy, (period, player))
            copy.pending = next(gen)
        copy.checkpointing = keep   # a kept copy snapshots its next turn start
        # the recorded actions again: each was an option of the game copied, so (unlike
        # ``apply``) none is looked up among the copy's options
        own = copy.history
        gen = copy.gen
        for i in range(len(own), len(history)):
            action = history[i]
            own.append(action)
            try:
                copy.pending = gen.send(action)
            except StopIteration:
                copy.pending = None
        return copy

    def determinize(self, state: State, player: int, rng: random.Random) -> State:
        """A copy as ``player`` could believe it: what they cannot know is resampled.

        Public: the board, Love, Ki, Plot Points (claimed and face up), discard piles and
        which Girl's deck every card was drawn from, so each player's count of cards per
        Girl is known. Hidden: the other players' votes (drawn anew among the vote
        options), which cards of each Girl they hold (dealt anew from that Girl's unseen
        cards, their deck included), the order of the Plot Point and Meddling decks, and
        the RNG (reseeded from ``rng``). The copy can itself be cloned and determinized
        (a rollout's bots may look ahead on it): it keeps its recipe in ``origin``.
        """
        new, recipe = self._copy(state, False)
        self._draw(new, recipe, player, rng)
        return new

    @staticmethod
    def _draw(new: State, source: tuple, player: int, rng: random.Random) -> None:
        """``determinize``'s draws on ``new`` (a copy of the state ``source`` describes).
        What they dealt is recorded in ``new.origin``, so ``_build`` can make the same
        copy again (cheaper than recording ``rng``'s state)."""
        seed = rng.getrandbits(64)
        defer_seed(new.rng, seed)   # the copy's own RNG: the stream of Random(seed)
        resample(new, player, rng)
        new.origin = (source, seed, (tuple(new.votes), tuple(map(tuple, new.hands)),
                                     tuple(map(tuple, new.decks)), tuple(new.pp_deck),
                                     tuple(new.med_deck)))

    @staticmethod
    def _deal(new: State, seed: int, dealt: tuple) -> None:
        """``_draw`` again on ``new``, from what it recorded (in place, as ``resample``:
        the suspended course of the game may hold these lists)."""
        votes, hands, decks, pp_deck, med_deck = dealt
        defer_seed(new.rng, seed)
        new.votes[:] = votes
        for hand, cards in zip(new.hands, hands, strict=True):
            hand[:] = cards
        for deck, cards in zip(new.decks, decks, strict=True):
            deck[:] = cards
        new.pp_deck[:] = pp_deck
        new.med_deck[:] = med_deck

    # -- narration ---------------------------------------------------------------------------
    def describe(self, state: State, decision: Decision, action) -> str:
        R = state.rules
        girls, rooms, cards = R.girls, R.rooms, R.cards

        def card(k):
            c = cards[k]
            return f"{girls[c.girl]} {CARD_TYPES[c.type]} '{c.name}'"

        kind = action[0] if isinstance(action, tuple) and action else action
        if decision.kind == "turn" and kind != "draw":
            return "Hero Phase first: " + self.describe(state, Decision(
                decision.player, "hero_phase", decision.options), action)
        if decision.kind == "vote":
            label = "One True Match" if len(action) == 1 else "Love Triangle"
            return f"vote {label}: {' + '.join(girls[g] for g in action)} (secret)"
        if kind == "draw":
            if decision.kind == "turn":
                return ("Girl Phase first: draw 1 " + girls[action[1]] + " card"
                        if action[1] >= 0 else "Girl Phase first (nothing to draw)")
            return f"draw 1 {girls[action[1]]} card"
        if kind == "end":
            return "end the Girl Phase"
        if kind == "move":
            if decision.kind in ("hero_phase", "hero_move"):
                return f"move the Hero to {rooms[action[1]]}"
            return f"discard {card(action[1])}: move {girls[cards[action[1]].girl]} " \
                   f"to {rooms[action[2]]}"
        if kind == "play":
            extra = ""
            if len(action) > 2:
                c = cards[action[1]]
                if c.girl == R.RIN:
                    extra = " (primary Love " + ("+" if action[2] > 0 else "-") + ")"
                elif action[2] >= 0:
                    extra = f" ({girls[action[2]]} gets +Love)"
            return f"play {card(action[1])}{extra}"
        if kind == "jealousy":
            return f"answer with {card(action[1])}"
        if kind == "claim":
            pp = R.plot_points[action[1]]
            return f"claim Plot Point '{pp.title}' ({pp.ki} Ki)"
        if kind == "pass":
            return "pass"
        if kind == "act_first":
            return "Hero Action first"
        if kind == "room":
            return f"Room Action of {rooms[state.hero]}"
        if kind == "kick":
            return f"kick {girls[action[1]]} out to {rooms[action[2]]}"
        if kind == "date":
            return f"go to {rooms[action[1]]}"
        if kind == "girl":
            return girls[action[1]]
        if kind == "discard":
            return f"discard {card(action[1])}"
        if kind == "cash":
            return f"cash in '{R.plot_points[action[1]].title}'"
        if kind in ("keep", "condition"):
            return f"{kind} {R.conditions[action[1]].name}"
        if kind == "get_out":
            return f"LET'S GET OUT OF HERE! with {girls[action[1]]} to {rooms[action[2]]}"
        if kind == "wrong_target":
            return f"OOPS, WRONG TARGET: {girls[action[1]]} -2 Love"
        if kind == "involved":
            return f"GET THEM INVOLVED: {girls[action[1]]} +1, {girls[action[2]]} -1"
        if kind == "spend_ki":
            return "Transmute: spend 1 Ki to draw 2"
        if kind == "discard_two":
            return "Transmute: discard 2 to gain 1 Ki"
        return str(action)

    # -- analysis hooks -------------------------------------------------------------------------
    def tables(self, results) -> dict:
        from .analysis import tables
        return tables(results)

    def plots(self, results, folder: Path) -> list[Path]:
        from .analysis import plots
        return plots(results, folder)


def resample(new: State, player: int, rng: random.Random) -> None:
    """``determinize``'s draws on the copy ``new``: the other players' votes, their cards
    of each Girl dealt anew from her unseen cards, the Plot Point and Meddling decks."""
    R = new.rules
    girl = R.card_girl
    options = R.vote_options
    votes = new.votes
    hands = new.hands
    decks = new.decks
    n = new.n
    for q in range(n):
        if q != player and votes[q] is not None:
            votes[q] = options[int(rng.random() * len(options))]
    others = []
    for q in range(n):
        if q != player:
            others.append(q)
    for g in range(5):
        held = []
        unseen = 0
        for q in others:
            cards = [k for k in hands[q] if girl[k] == g]
            unseen += len(cards)
            held.append(cards)
        deck = decks[g]
        if not unseen:
            shuffle(rng, deck)
            continue
        pool = list(deck)
        for cards in held:
            pool.extend(cards)
        shuffle(rng, pool)
        i = 0
        for q in others:
            cards = held[i]
            i += 1
            hand = hands[q]
            m = len(cards)
            dealt = pool[len(pool) - m:] if m else []
            del pool[len(pool) - m:]
            rest = [k for k in hand if girl[k] != g]
            hand[:] = rest + dealt
        deck[:] = pool
    shuffle(rng, new.pp_deck)
    shuffle(rng, new.med_deck)


GAME = LoveBattle()
