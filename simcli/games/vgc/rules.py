"""Video Game Champion: setup, the Week (Reset, Routine, Initiative Reset, Weekend), actions.

Decisions, in order of play: ``side`` (Password Notebook side, at setup), then per
Routine turn ``take`` (a Grid space), ``action``, ``wake_space``/``wake_give`` (Waking Up
Early exchange), ``discard`` (down to 8 tiles), ``play`` (rent / Play / Beat / end); the
sub-steps ``crystal`` (notebook space), ``reward`` (order of simultaneous line rewards)
and ``thrill`` (a Thrill Trail tile) come up whenever they arise.
"""
from __future__ import annotations

from pathlib import Path

from simcli.engine import (
    MAX_AUTO_STEPS,
    Decision,
    IllegalActionError,
    ranked_result,
    step_cap_error,
)
from simcli.games.base import BaseGame
from simcli.games.rand import shuffle

from . import play as P
from .board import initiative_reset, reset_board, reveal_newsstand, reveal_store
from .bounds import SCHEMA
from .config import compile_rules
from .scoring import final_scores
from .state import PlayerState, State, draw_crystal, draw_for_player, draw_tile
from .view import View, describe

# a Decision built by tuple.__new__: the same named tuple without its Python-level
# __new__ (half the cost; the games build one per decision)
_new_tuple = tuple.__new__

RULES_VERSION = "1"


# ------------------------------------------------------------------ setup --
def setup_game(rules, rng, n: int) -> State:
    s = State(rules, rng)
    p = rules.p
    # A. Action Grid: shuffle the boards into the slots; fill every space from the bag.
    boards = list(range(len(rules.boards)))
    shuffle(rng, boards)
    s.slot_board = boards[: rules.n_slots]
    acts = []
    for a, b in rules.spaces:
        seen = []
        for act in rules.boards[s.slot_board[a]] + rules.boards[s.slot_board[b]]:
            if act not in seen:
                seen.append(act)
        acts.append(tuple(seen))
    s.space_actions = tuple(acts)
    s.bag = list(rules.tiles)
    s.box_tiles = [t for t in range(50) if t not in set(rules.tiles)]
    shuffle(rng, s.bag)
    s.grid = [draw_tile(s) for _ in rules.spaces]
    # C. Rental Store: 15 of the 30 games, first ones face up, Crystals on the last 10.
    games = list(range(rules.n_games))
    shuffle(rng, games)
    size = p["rental_store_size"]
    s.rental = games[:size]
    s.rental_set = frozenset(s.rental)
    s.rental_up = min(size, p["rental_face_up"])
    s.meeple = [-1] * size
    s.crystal_bag = [c for c in range(len(rules.colors)) for _ in range(rules.per_color)]
    crystals = [-1] * size
    for slot in range(size - p["rental_crystals"], size):
        crystals[slot] = draw_crystal(s)
    s.hidden_crystal = crystals[s.rental_up:]
    for slot in range(s.rental_up):
        if crystals[slot] >= 0:
            s.card_crystal[s.rental[slot]] = crystals[slot]
    # D. Thrill Trail.
    s.thrill = [draw_tile(s) for _ in range(p["thrill_trail"])]
    # F. Newsstand, G. Video Game Store.
    s.mag_deck = list(range(len(rules.magazines)))
    shuffle(rng, s.mag_deck)
    s.store_deck = games[size:]
    shuffle(rng, s.store_deck)
    reveal_newsstand(s)
    reveal_store(s)
    # H. Achievements by type.
    for ti, k in enumerate(rules.ach_per_type):
        pool = [a.id for a in rules.achievements if a.type == ti]
        shuffle(rng, pool)
        s.achievements.extend(sorted(pool[:k]))
    # I. Player areas; Press Start: 2 tiles, 1 Dollar and the initiative bonus.
    for seat in range(n):
        pl = PlayerState(seat, len(rules.genres))
        pl.initial = rules.n_games + seat
        pl.meeples = p["meeples"]
        s.players.append(pl)
    for pos, seat in enumerate(s.order):
        pl = s.players[seat]
        draw_for_player(s, pl, p["start_tiles"])
        pl.dollars += p["start_dollars"]
        ious, tiles, dollars = rules.start_bonus[pos]
        pl.add_ious(ious)
        draw_for_player(s, pl, tiles)
        pl.dollars += dollars
        pl.start_items = rules.start_bonus[pos]
        pl.start_text = rules.start_bonus_text[pos]
    s.phase, s.turn = "sides", 0
    advance(s)
    return s


# ------------------------------------------------------------------ flow --
def action_options(s: State, pl: PlayerState, space: int) -> tuple:
    """The Actions of the boards aligned with ``space`` the player may take, and none."""
    return actions_for(s, pl, s.space_actions[space])


def actions_for(s, pl: PlayerState, board_actions) -> tuple:
    p = s.rules.p
    out: list[tuple] = []
    for name, arg in board_actions:
        if name == "planning":
            out.append(("planning",))
        elif name == "money":
            if pl.ious < p["money_iou_limit"]:
                out.append(("money",))
        elif name == "present":
            if pl.ious < p["present_iou_limit"]:
                out.extend(("present", g) for g in s.store)
        elif name == "wake":
            if pl.seat not in s.reserved:
                out.append(("wake",))
        elif name == "study":
            out.extend(("study", k) for k in range(1, min(arg, pl.ious) + 1))
        elif name == "grandparents":
            out.extend(("grandparents", k) for k in range(min(1, pl.ious) + 1))
        elif name == "newsstand":
            if pl.dollars >= 1:
                out.extend(("newsstand", m) for m in s.newsstand)
        elif name == "rental":
            out.append(("rental",))
    out.append(("none",))
    seen: list[tuple] = []
    for o in out:
        if o not in seen:
            seen.append(o)
    return tuple(seen)


def _next_turn(s: State) -> None:
    s.turn += 1
    s.rent_window = False
    s.rentals_turn = 0
    if s.turn < s.n:
        s.step = "take" if s.phase == "routine" else "play"
        if s.phase == "weekend":
            s.rent_window = True
        return
    s.turn = 0
    if s.phase == "routine":
        s.round += 1
        if s.round < s.rules.p["routine_turns"]:
            s.step = "take"
            return
        initiative_reset(s)
        s.phase, s.step, s.rent_window = "weekend", "play", True
        return
    # end of the Weekend
    if s.week >= s.rules.p["weeks"]:
        s.phase, s.step = "over", ""
        return
    s.week += 1
    reset_board(s)
    s.phase, s.round, s.step = "routine", 0, "take"


def advance(s: State) -> None:
    """Move through automatic steps until a decision is pending (``s.dec``) or the end."""
    steps = 0
    while True:
        steps += 1
        if steps > MAX_AUTO_STEPS:
            raise step_cap_error(steps)
        if s.phase == "over":
            s.dec = None
            return
        if s.phase == "sides":
            if s.turn < s.n:
                names = tuple(side.name for side in s.rules.sides)
                s.dec = _new_tuple(Decision, (s.order[s.turn], "side", names))
                return
            s.phase, s.turn, s.round, s.step = "routine", 0, 0, "take"
            continue
        who = s.order[s.turn]
        pl = s.players[who]
        if s.pending:
            item = s.pending[0]
            kind = item[0]
            if kind == "crystal":
                opts = P.crystal_spaces(s, pl, item[1])
                if not opts:
                    s.pending.pop(0)
                    P.place_crystal(s, pl, item[1], -1)
                    s.dirty = True
                    continue
                s.dec = _new_tuple(Decision, (who, "crystal", opts))
                return
            if kind == "reward":
                s.dec = _new_tuple(Decision, (who, "reward", item[1]))
                return
            if kind == "thrill":
                opts = tuple(i for i, t in enumerate(s.thrill) if t >= 0)
                if not opts:
                    s.pending.pop(0)
                    continue
                s.dec = _new_tuple(Decision, (who, "thrill", opts))
                return
        if s.dirty:
            s.dirty = False
            P.check_achievements(s, pl)
        step = s.step
        if step == "take":
            opts = tuple(i for i, t in enumerate(s.grid) if t >= 0)
            if opts:
                s.dec = _new_tuple(Decision, (who, "take", opts))
                return
            s.step = "discard"  # nothing to take: no tile, no Action
            continue
        if step == "action":
            s.dec = _new_tuple(Decision, (who, "action", action_options(s, pl, s.took_space)))
            return
        if step == "wake_space":
            opts = ("keep",)
            if pl.tiles:
                opts += tuple(i for i, t in enumerate(s.grid) if t >= 0)
            s.dec = _new_tuple(Decision, (who, "wake_space", opts))
            return
        if step == "wake_give":
            s.dec = _new_tuple(Decision, (who, "wake_give", tuple(pl.tiles)))
            return
        if step == "discard":
            if len(pl.tiles) + pl.ious > s.rules.p["tile_limit"] and pl.tiles:
                s.dec = _new_tuple(Decision, (who, "discard", tuple(pl.tiles)))
                return
            s.step = "play"
            continue
        if step == "play":
            s.dec = _new_tuple(Decision, (who, "play", P.play_options(s, pl)))
            return
        raise AssertionError(f"unknown step {step!r}")


def apply_action(s: State, action) -> None:
    d = s.dec
    if d is None:
        raise IllegalActionError("the game is over")
    if action not in d.options:
        raise IllegalActionError(f"{action!r} is not an option of {d.kind}")
    s.decisions += 1
    pl = s.players[d.player]
    kind = d.kind
    if kind in ("crystal", "reward", "action") or (kind == "play" and len(action) == 4):
        s.dirty = True  # something an Achievement counts may have changed
    if kind == "play":
        verb = action[0]
        if verb == "end":
            _next_turn(s)
        elif verb == "rent":
            P.rent(s, pl, action[1])
        else:
            P.play_or_beat(s, pl, verb, action[1], action[2], action[3])
    elif kind == "crystal":
        color = s.pending.pop(0)[1]
        done = P.place_crystal(s, pl, color, action)
        if len(done) > 1 and P.needs_order(s, pl, done):
            s.pending.insert(0, ("reward", tuple(done)))
        else:
            for ln in reversed(done):
                P.receive_reward(s, pl, ln)
    elif kind == "reward":
        lines = s.pending.pop(0)[1]
        rest = tuple(ln for ln in lines if ln != action)
        P.receive_reward(s, pl, action)
        if len(rest) > 1:
            s.pending.insert(0, ("reward", rest))
        elif rest:
            P.receive_reward(s, pl, rest[0])
    elif kind == "thrill":
        s.pending.pop(0)
        P.take_thrill(s, pl, action)
    elif kind == "take":
        pl.add_tile(s.grid[action])
        s.grid[action] = -1
        s.took_space = action
        s.step = "action"
    elif kind == "action":
        do_action(s, pl, action)
    elif kind == "wake_space":
        if action == "keep":
            s.reserved.append(pl.seat)
            s.step = "discard"
        else:
            s.wake_space = action
            s.step = "wake_give"
    elif kind == "wake_give":
        space = s.wake_space
        pl.tiles.remove(action)
        pl.add_tile(s.grid[space])
        s.grid[space] = action
        s.reserved.append(pl.seat)
        s.step = "discard"
    elif kind == "discard":
        pl.tiles.remove(action)
        s.discard.append(action)
    elif kind == "side":
        side = s.rules.sides[d.options.index(action)]
        pl.side = d.options.index(action)
        pl.notebook = [-1] * len(side.spaces)
        s.turn += 1
    advance(s)


def do_action(s: State, pl: PlayerState, action: tuple) -> None:
    name = action[0]
    s.step = "discard"
    if name == "planning":
        draw_for_player(s, pl, 2)
    elif name == "money":
        pl.add_ious(1)
        pl.dollars += 2
    elif name == "present":
        pl.add_ious(3)
        s.store.remove(action[1])
        pl.presents.append(action[1])
    elif name == "wake":
        s.step = "wake_space"
    elif name in ("study", "grandparents"):
        pl.ious -= action[1]
        if name == "grandparents":
            pl.dollars += 1
    elif name == "newsstand":
        pl.dollars -= 1
        s.newsstand.remove(action[1])
        pl.mags.append(action[1])
    elif name == "rental":
        s.rent_window = True


# ------------------------------------------------------------------ the Game --
class VideoGameChampion(BaseGame):
    name = "vgc"
    analysis_streams = True  # analysis.py takes a LazyFrame (flat memory)
    title = "Video Game Champion"
    turn_unit = "rounds"  # Result.turns counts weeks: one round of the game each
    description = ("Take Button Tiles from the Action Grid, rent and collect video games, "
                   "and Play and Beat them with tile combinations over 5 Weeks.")
    players = range(2, 6)
    default_players = 4
    RULES_VERSION = RULES_VERSION
    max_decisions = 20_000
    data_file = Path(__file__).with_name("data.toml")
    schema = SCHEMA
    decision_kinds = ("action", "crystal", "discard", "play", "reward", "side", "take",
                      "thrill", "wake_give", "wake_space")

    def compile_rules(self, data, n_players):
        return compile_rules(data, n_players)

    def setup(self, n_players, rules, rng):
        if rules.n_players != n_players:
            raise ValueError(f"rules compiled for {rules.n_players} players, not {n_players}")
        return setup_game(rules, rng, n_players)

    def decision(self, state):
        return state.dec

    def apply(self, state, action):
        apply_action(state, action)

    def clone(self, state):
        return state.clone()

    def determinize(self, state, player, rng):
        return state.determinize(player, rng)

    def view(self, state, player):
        """Public information only: no bag or deck order, face-down cards, RNG, box."""
        return View(state, player)

    def result(self, state):
        return final_scores(state, ranked_result)

    def describe(self, state, decision, action):
        return describe(state, decision, action)

    def tables(self, results):
        from .analysis import tables

        return tables(results)

    def plots(self, results, folder):
        from .analysis import plots

        return plots(results, folder)


GAME = VideoGameChampion()
