"""Class of '89 (2-4 players, and solo against Ed): the GAME object."""
from __future__ import annotations

import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from simcli.engine import Decision, Result, ranked_result
from simcli.games.base import BaseGame
from simcli.games.rand import shuffle
from simcli.seeding import deferred

from . import flow, scoring
from .bounds import SCHEMA
from .setup import compile_rules, setup_game
from .state import ENTRANCE, MEMBERS, STAFF, TEACHER, TILE, Board, State
from .yearbook import SS_BASE, student_count

RULES_VERSION = "1"


class View:
    """What one player may see: the school, every yearbook and track (all public), the
    objectives, the round, and the cards of their own pending draw. No decks, no RNG."""

    __slots__ = ("player", "rules", "round", "turn", "first", "seats", "display",
                 "display_ss", "spaces", "boards", "objectives", "tctx", "ctx", "ed",
                 "active_loc", "tile1_left", "hand")

    def __init__(self, state: State, player: int):
        self.player = player
        self.rules = state.rules
        self.round = state.round
        self.turn = state.turn
        self.first = state.first
        self.seats = state.seats
        self.display = state.display
        self.display_ss = state.display_ss
        self.spaces = state.spaces
        self.boards = state.boards
        self.objectives = state.objectives
        self.tctx = state.tctx
        d = state.pending
        self.ctx = state.ctx if d is not None and d.player == player else None
        self.ed = state.ed
        self.active_loc = state.active_loc if state.ed >= 0 else -1
        self.tile1_left = state.tile1_left
        self.hand = tuple(state.hands[player]) if state.phase == "setup" else ()


_DEEP = (list, dict, Board)


def _copy(value):
    """Copy lists, dicts and yearbooks all the way down; share immutable values. (No
    list of a state is referenced from two places, so aliasing need not be kept.)"""
    t = type(value)
    if t is list:
        for v in value:
            if type(v) in _DEEP:
                return [_copy(v) for v in value]
        return list(value)
    if t is dict:
        return {k: _copy(v) for k, v in value.items()}
    if t is Board:
        return value.copy()
    return value


def _copy_state(state: State) -> State:
    """``clone`` but for the RNG, which is left unset (``determinize`` sets a new one:
    copying a Mersenne Twister's state is a large part of a copy's cost)."""
    new = State.__new__(State)
    for name in State.__slots__:
        if name == "rng" or not hasattr(state, name):
            continue
        setattr(new, name, _copy(getattr(state, name)))
    new.log = state.log
    return new


class ClassOf89(BaseGame):
    name = "class89"
    analysis_streams = True  # analysis.py takes a LazyFrame (flat memory)
    title = "Class of '89"
    description = ("Build a yearbook over four quarters of senior year: place team members "
                   "in the school, collect students, teachers, staff and Wildcat Way tiles.")
    players = range(1, 5)
    default_players = 4
    RULES_VERSION = RULES_VERSION
    max_decisions = 6000
    data_file = Path(__file__).with_name("data.toml")
    schema = SCHEMA
    decision_kinds = ("action", "faceup", "keep", "majority", "move_from", "move_to", "place",
                      "side", "start_student", "store_to", "tile1", "token", "token_type")

    def compile_rules(self, data: Mapping[str, Any], n_players: int):
        return compile_rules(data, n_players)

    def setup(self, n_players: int, rules, rng) -> State:
        if rules.n_players != n_players:
            raise ValueError(f"rules compiled for {rules.n_players} players, not {n_players}")
        state = setup_game(rules, rng)
        flow.start_game(state)
        return state

    def decision(self, state: State) -> Decision | None:
        return flow.advance(state)

    def apply(self, state: State, action) -> None:
        flow.apply(state, action)

    def view(self, state: State, player: int) -> View:
        return View(state, player)

    def clone(self, state: State) -> State:
        """An independent copy, RNG included: lists, dicts and yearbooks are copied,
        tuples, the compiled rules and the pending Decision (all immutable) are shared.
        Cost is that of the state (about a tenth of ``copy.deepcopy``)."""
        new = _copy_state(state)
        rng = random.Random()
        rng.setstate(state.rng.getstate())
        new.rng = rng
        return new

    def determinize(self, state: State, player: int, rng) -> State:
        """A copy as ``player`` could believe it: what they cannot know is resampled.

        The school, every yearbook, track and discard pile are public. Hidden: the order
        of every deck, the other players' starting students while they are still in hand
        (dealt anew from the same unseen students), Ed's Location and Choice decks (the
        top Choice card keeps its place: its back shows), and the RNG (reseeded from
        ``rng``). Cards the player sent to the bottom of a deck are not remembered.
        """
        new = _copy_state(state)
        new.rng = deferred(rng.getrandbits(64))
        others = [q for q in range(len(new.hands)) if q != player and new.hands[q]]
        if others:
            pool = new.decks["student"] + [c for q in others for c in new.hands[q]]
            shuffle(rng, pool)
            for q in others:
                k = len(new.hands[q])
                new.hands[q] = pool[len(pool) - k:]
                del pool[len(pool) - k:]
            new.decks["student"] = pool
        for kind in sorted(new.decks):
            shuffle(rng, new.decks[kind])
        if getattr(new, "loc_deck", None):
            shuffle(rng, new.loc_deck)
        if len(getattr(new, "choice_deck", ())) > 1:
            rest = new.choice_deck[:-1]
            shuffle(rng, rest)
            new.choice_deck[:-1] = rest
        return new

    # ------------------------------------------------------------------ result
    def result(self, state: State) -> Result:
        return game_result(state)

    def describe(self, state: State, decision: Decision, action) -> str:
        return describe(state, decision, action)

    # ------------------------------------------------------------------ analysis
    def tables(self, results) -> dict:
        from .analysis import tables
        return tables(results)

    def plots(self, results, folder: Path) -> list[Path]:
        from .analysis import plots
        return plots(results, folder)


def score_state(state: State) -> tuple[list[int], list[dict]]:
    """Final scores and scorepad lines per result row (seats, then Ed)."""
    R = state.rules
    if state.ed < 0:
        obj, _ = scoring.objective_scores(R, state.boards, state.objectives)
        lines = [scoring.breakdown(R, B, obj[i]) for i, B in enumerate(state.boards)]
        return [sum(x.values()) for x in lines], lines
    you, ed = state.boards[0], state.boards[state.ed]
    you_obj = ed_obj = 0
    for oid in state.objectives:
        o = R.objectives[oid]
        v = scoring.measure(R, you, o)
        a, b = scoring.solo_objective(R, v, o, R.solo_difficulty, you.tracks[o["type"]],
                                      ed.tracks[o["type"]])
        you_obj += a
        ed_obj += b
    mine = scoring.breakdown(R, you, you_obj)
    eds = {
        "objectives": ed_obj,
        "teachers": scoring.ed_teacher_score(R, ed),
        "wildcat": scoring.ed_wildcat_score(R, ed),
        "staff": scoring.staff_score(R, ed),
        "tracks": scoring.tracks_score(R, ed),
        "signatures": 0,
        "abc": 0,
    }
    lines = [mine, eds]
    return [sum(x.values()) for x in lines], lines


def game_result(state: State) -> Result:
    R = state.rules
    scores, lines = score_state(state)
    rows = len(scores)
    seat_metrics = []
    for i in range(rows):
        B = state.boards[i]
        m = {f"pts_{k}": lines[i][k] for k in scoring.CATEGORIES}
        if R.n_players == 1:
            m["start_signatures"] = R.start_sigs[0] if i == 0 else 0
        else:
            m["start_signatures"] = R.start_sigs[i]
        m["students"] = student_count(B)
        m["teachers_placed"] = sum(1 for x in B.photo if x >= TEACHER)
        m["staff_placed"] = len(B.staff)
        m["tiles_placed"] = len(B.tiles) + B.tile1s
        m["tracks_topped"] = sum(1 for x in B.tracks if x >= R.track_len)
        m["track_steps"] = sum(B.tracks)
        m["signatures_left"] = B.sigs
        m["abc_used"] = R.abc_tokens - B.abc if i != state.ed else 0
        seat_metrics.append(m)
    metrics = {
        "objective_set": R.objective_set,
        "objectives": ",".join(R.objectives[o]["name"] for o in state.objectives),
        "solo_difficulty": R.solo_difficulty if R.n_players == 1 else "none",
        "forgone_turns": state.forgone,
    }
    if state.ed >= 0:
        winners = [0] if scores[0] > scores[1] else [1]  # C89-278: a tie is a loss
        return ranked_result(scores, turns=state.turns_taken, end_reason=state.end_reason,
                             winners=winners, metrics=metrics, seat_metrics=seat_metrics,
                             automata=("ed",))
    tiebreak = [(lines[i]["objectives"], seat_metrics[i]["students"]) for i in range(rows)]
    return ranked_result(scores, turns=state.turns_taken, end_reason=state.end_reason,
                         tiebreak=tiebreak, metrics=metrics, seat_metrics=seat_metrics)


# ---------------------------------------------------------------------- describe
TOKEN_NAMES = ("Gavel", "Bookmark", "Bolt", "Paint", "Star")


def _code(R, code: int) -> str:
    if code < 0:
        return "nothing"
    if code < TEACHER:
        return R.s_name[code]
    if code < STAFF:
        return R.t_name[code - TEACHER]
    if code < TILE:
        return R.st_name[code - STAFF]
    return f"{R.tl_name[code - TILE]} tile"


def _target(R, state, p, target) -> str:
    if isinstance(target, int) and target >= SS_BASE:
        ss = state.boards[p].ss[target - SS_BASE]
        return f"superlative {R.s_name[ss[1]]}"
    return f"space {target}"


def describe(state: State, d: Decision, action) -> str:
    R = state.rules
    kind = d.kind
    if kind == "place":
        m, loc, k = action
        where = "School Entrance" if loc == ENTRANCE else f"{R.loc_name[loc]} ({k}-signature space)"
        return f"place {MEMBERS[m]} at {where}"
    if kind == "action":
        if isinstance(action, tuple) and action[0] in ("take", "photo"):
            loc = state.tctx[2]
            code = state.display[loc][action[1]]
            what = "take" if action[0] == "take" else "photographer takes"
            abc = " with ABC token" if action[3] else ""
            if code >= TILE:
                where = f"grid space {action[2]}"
            elif code >= STAFF:
                where = "the staff section"
            else:
                where = f"space {action[2]}"
            return f"{what} {_code(R, code)} into {where}{abc}"
        if isinstance(action, tuple):
            return f"move stored {TOKEN_NAMES[action[1]]} onto a student"
        return {"main": "take a 1x1 tile and 2 signatures",
                "sig_token": "pay 1 signature for a token",
                "sig_refresh": "pay 1 signature to wipe and refresh the location",
                "ability": "use team member ability", "move": "pay 2 signatures to move a token",
                "end": "end turn"}[action]
    if kind == "token":
        t = TOKEN_NAMES[state.ctx]
        if action in ("store", "discard"):
            return f"{action} {t} token"
        if isinstance(action, tuple):
            where = _target(R, state, d.player, action[2])
            return f"move stored {TOKEN_NAMES[action[1]]} to {where}, store {t}"
        return f"put {t} on {_target(R, state, d.player, action)}"
    if kind == "token_type":
        return f"choose {TOKEN_NAMES[action]} token"
    if kind == "keep":
        if action == "none":
            return "keep none"
        deck, cards = state.ctx
        code = cards[action[0]] if deck == "student" else TEACHER + cards[action[0]]
        return f"keep {_code(R, code)} in space {action[1]}"
    if kind == "faceup":
        if action == "none":
            return "take nothing"
        return f"take {_code(R, state.display[action[0]][action[1]])} into space {action[2]}"
    if kind == "tile1":
        if action == "discard":
            return "discard 1x1 tile"
        return f"place 1x1 tile on grid space {action}"
    if kind == "majority":
        return "take a signature" if action == "sig" else "take the track's token"
    if kind == "side":
        return f"column completion board side {action}"
    if kind == "start_student":
        return f"place {R.s_name[state.hands[d.player][action[0]]]} in space {action[1]}"
    return f"{kind}: {action}"


GAME = ClassOf89()
