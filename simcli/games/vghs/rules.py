"""Video Game High School: the game module (``GAME``) for simcli.

The round logic lives in ``phases.py``, the state and the rank track in ``state.py``, data
validation in ``ruleset.py``. Players are 0-based; player 0 holds the first player token in
round 1 (the setup dice roll for it is replaced by the seat assignment).
"""
from __future__ import annotations

import random
from pathlib import Path

from simcli.engine import Decision, IllegalActionError, Result, ranked_result
from simcli.games.base import BaseGame
from simcli.games.rand import shuffle

from . import phases
from .bounds import SCHEMA
from .phases import CHOICES, advance, push, say
from .ruleset import SKILLS, START_RANK, WILD, Rules, compile_rules
from .state import State, View

__all__ = ["GAME", "VGHS"]


def _skills(counts) -> str:
    return ", ".join(f"{n} {SKILLS[f]}" for f, n in enumerate(counts) if n) or "nothing"


def opts_draft(s: State, task: tuple) -> tuple:
    taken = set(s.char)
    return tuple(i for i in range(len(s.rules.characters)) if i not in taken)


def do_draft(s: State, task: tuple, c: int) -> None:
    s.char[task[1]] = c


def start_game(s: State, task: tuple) -> None:
    """Setup steps 3-6: hands, start abilities, rank 50, shuffled challenge deck."""
    for p in range(s.n):
        ch = s.rules.characters[s.char[p]]
        s.hand[p] = list(ch.cards)
        s.costs[p] = (phases.class_cost(s, p, "temp"), phases.class_cost(s, p, "perm"))
        if ch.ability == "start_tokens":
            phases.gain_tokens(s, p, ch.skill, True, ch.amount)
        if s.log is not None:
            say(s, f"P{p + 1} plays {ch.name}")
    s.deck = list(range(len(s.rules.challenges)))
    shuffle(s.rng, s.deck)
    push(s, ("round_start",))


CHOICES["draft"] = (opts_draft, do_draft)
phases.AUTO["start_game"] = start_game
phases.register()


class VGHS(BaseGame):
    name = "vghs"
    title = "Video Game High School"
    description = ("Roll skill dice, visit classes and the arcade, beat high scores and "
                   "challenges, and climb the rank track from 50 to 1.")
    players = range(2, 5)
    default_players = 4
    RULES_VERSION = "1"
    max_decisions = 20_000
    turn_unit = "rounds"
    analysis_streams = True  # analysis.py takes a LazyFrame (flat memory)
    data_file = Path(__file__).with_name("data.toml")
    schema = SCHEMA
    decision_kinds = tuple(CHOICES)  # the phases' choices and the character draft

    def compile_rules(self, data, n_players: int) -> Rules:
        return compile_rules(data, n_players)

    def setup(self, n_players: int, rules: Rules, rng: random.Random) -> State:
        if not isinstance(rules, Rules):
            rules = compile_rules(rules, n_players)
        s = State(rules, n_players, rng)
        mode = rules.params["character_assignment"]
        if mode == "random":
            s.char = rng.sample(range(len(rules.characters)), n_players)
        elif mode == "fixed":
            s.char = list(range(n_players))
        drafts = [("draft", p) for p in range(n_players)] if mode == "draft" else []
        push(s, *drafts, ("start_game",))
        return s          # the first steps run at the first decision (so a log sees them)

    def decision(self, state: State) -> Decision | None:
        if state.pending is None and state.stack:
            advance(state)
        return state.pending

    def apply(self, state: State, action) -> None:
        if state.pending is None and state.stack:
            advance(state)
        d = state.pending
        if d is None:
            raise IllegalActionError("the game is over")
        if action not in d.options:
            raise IllegalActionError(f"{action!r} is not an option of {d.kind} "
                                     f"for player {d.player + 1}")
        CHOICES[d.kind][1](state, state.task, action)
        advance(state)

    def view(self, state: State, player: int) -> View:
        v = state.views[player]
        if v is None:
            v = state.views[player] = View(state, player)
            return v
        return v.refresh(state)

    def clone(self, state: State) -> State:
        return state.clone()

    def determinize(self, state: State, player: int, rng: random.Random) -> State:
        return state.determinize(player, rng)

    # -- analysis hooks -------------------------------------------------------------------
    def tables(self, results) -> dict:
        from .analysis import tables
        return tables(results)

    def plots(self, results, folder: Path) -> list[Path]:
        from .analysis import plots
        return plots(results, folder)

    def result(self, state: State) -> Result:
        r = state.rules
        scores = [START_RANK + 1 - x for x in state.rank]
        winners = [p for p in range(state.n) if state.rank[p] == 1] or None
        stats = state.stats
        return ranked_result(
            scores,
            turns=state.round,
            end_reason=state.end_reason,
            winners=winners,
            metrics={
                "rounds": state.round,
                "challenges_defeated": state.defeated,
                "high_scores": sum(st[1] for st in stats),
            },
            seat_metrics=[
                {
                    "final_rank": state.rank[p],
                    "character": r.characters[state.char[p]].name,
                    "challenges_won": stats[p][0],
                    "high_scores_set": stats[p][1],
                    "rank_from_games": stats[p][2],
                    "power_ups_played": stats[p][3],
                    "game_overs": stats[p][4],
                    "permanent_tokens": sum(state.perm_a[p]) + sum(state.perm_i[p]),
                }
                for p in range(state.n)
            ],
        )

    def describe(self, state: State, decision: Decision, action) -> str:
        r = state.rules
        kind = decision.kind
        if kind == "draft":
            return f"choose {r.characters[action].name}"
        if kind == "reroll":
            if tuple(state.dice[decision.player]) == action:
                return f"keep all dice ({_skills(action)})"
            return f"keep {_skills(action)}, reroll the rest"
        if kind == "place":
            return f"place standee on {r.locations[action].name}"
        if kind == "power_up":
            return "play no power-up" if action == "none" else \
                f"play power-up {r.cards[action].name}"
        if kind == "score":
            return f"spend {action[0]} token(s) and {action[1]} dice"
        if kind == "challenge":
            return {"skip": "do not take the challenge",
                    "tokens_first": "defeat the challenge, paying tokens first",
                    "dice_first": "defeat the challenge, paying dice first"}[action]
        if kind == "kojima":
            if action == "skip":
                return "spend no die"
            return f"spend a {SKILLS[action[1]]} die to take back {r.cards[action[0]].name}"
        if kind == "change_die":
            if action == "done":
                return "change no (more) dice"
            return f"change a {SKILLS[action[0]]} die to {SKILLS[action[1]]}"
        if kind == "class":
            if action == "done":
                return "buy no (more) tokens"
            mode, pay = action
            return (f"buy a {'permanent' if mode == 'perm' else 'temporary'} token with "
                    f"{_skills([pay.count(f) for f in range(WILD + 1)])} dice")
        if kind == "gain":
            return f"take a {SKILLS[action]} token"
        if kind == "lose":
            return f"give up a {SKILLS[action]} token"
        if kind == "reset_hs":
            return f"reset the high score of {r.locations[r.video_games[action]].name}"
        return str(action)


GAME = VGHS()
