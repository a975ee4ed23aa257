"""Love Battle! High School: the forward model (setup, decisions, apply, view, result).

The course of the game is written as a generator (``flow.game_flow``) that yields each
Decision and receives the chosen option, so the rules read in rulebook order. A state
keeps its start RNG state and the chosen actions, so ``clone`` rebuilds an independent
copy by replaying them.
"""
from __future__ import annotations

import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from simcli.engine import Decision, IllegalActionError
from simcli.games.base import BaseGame

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
    #: a determinized copy has no true history to replay (its course is a generator), so
    #: it cannot be cloned or determinized again: ``search:look=`` is refused
    determinize_copies = False
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
        replays it from the start once and switches the snapshots on.
        """
        return self._clone(state, True)

    def _clone(self, state: State, keep: bool) -> State:
        """``clone``; with ``keep`` False (``determinize``: the copy is never cloned) the
        copy takes no turn-start snapshot of its own and is not replayable."""
        if not state.replayable:
            raise ValueError("a determinized Love Battle state cannot be cloned: "
                             "determinize the true state again instead")
        cp = state.checkpoint
        if cp is None:
            rng = random.Random()
            rng.setstate(state.rng0)
            copy = self.setup(state.n, state.rules, rng)
            copy.checkpointing = True
            for action in state.history:
                self.apply(copy, action)
            state.checkpointing = True
            state.checkpoint = copy.checkpoint
        else:
            snap, start, period, player = cp
            copy = State.__new__(State)
            copy.rules = state.rules
            copy.log = None
            restore(copy, snap)
            copy.rng0 = state.rng0
            copy.history = state.history[:start]
            copy.checkpoint = cp if keep else None
            copy.checkpointing = keep   # resuming a turn snapshots it only when kept
            copy.replayable = keep
            gen = copy.gen = flow.game_flow(copy, (period, player))
            copy.pending = next(gen)
            # this turn's actions again: each was an option of the true game, so (unlike
            # ``apply``) none is looked up among the copy's options
            history = copy.history
            for action in state.history[start:]:
                history.append(action)
                try:
                    copy.pending = gen.send(action)
                except StopIteration:
                    copy.pending = None
        copy.log = None if state.log is None else list(state.log)
        return copy

    def determinize(self, state: State, player: int, rng: random.Random) -> State:
        """A copy as ``player`` could believe it: what they cannot know is resampled.

        Public: the board, Love, Ki, Plot Points (claimed and face up), discard piles and
        which Girl's deck every card was drawn from, so each player's count of cards per
        Girl is known. Hidden: the other players' votes (drawn anew among the vote
        options), which cards of each Girl they hold (dealt anew from that Girl's unseen
        cards, their deck included), the order of the Plot Point and Meddling decks, and
        the RNG (reseeded from ``rng``). The copy cannot be cloned (it has no true history).
        """
        new = self._clone(state, False)
        new.replayable = False
        new.checkpoint = None
        new.checkpointing = False
        new.rng.seed(rng.getrandbits(64))   # the copy's own RNG: the stream of Random(x)
        resample(new, player, rng)
        return new

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
