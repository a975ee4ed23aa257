"""A tiny dice race used to test the runner independently of the real games.

Each turn the player rolls one or two dice and adds them to their total; the first to
reach ``target`` wins. Rules parameters can make a game raise (``boom_seed_mod``) or never
end (``endless``), to test the runner's error handling.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from simcli.engine import Decision, IllegalActionError, RulesError, ranked_result
from simcli.games.base import BaseGame


@dataclass
class ToyState:
    rng: object
    n: int
    target: int
    boom: int
    endless: bool
    totals: list = field(default_factory=list)
    hand: list = field(default_factory=list)  # a secret card per player (hidden info)
    turn: int = 0
    player: int = 0
    log: list | None = None


class ToyGame(BaseGame):
    name = "toy"
    title = "Toy dice race"
    description = "test game"
    players = range(2, 5)
    default_players = 3
    RULES_VERSION = "1"
    max_decisions = 500
    data_file = Path(__file__).with_name("toy_data.toml")

    def default_data(self):
        return {"target": 20, "boom_seed_mod": 0, "endless": False,
                "start_bonus": {"2": [0, 0], "3": [0, 0, 0], "4": [0, 0, 0, 0]}}

    def compile_rules(self, data, n_players):
        if data["target"] < 1:
            raise RulesError("target", "must be at least 1")
        return dict(data)

    def setup(self, n_players, rules, rng):
        bonus = rules["start_bonus"].get(str(n_players), [0] * n_players)
        st = ToyState(rng=rng, n=n_players, target=rules["target"], boom=rules["boom_seed_mod"],
                      endless=rules["endless"], totals=list(bonus))
        st.hand = [rng.randrange(100) for _ in range(n_players)]
        return st

    def decision(self, st):
        if not st.endless and max(st.totals) >= st.target:
            return None
        return Decision(st.player, "roll", (1, 2))

    def apply(self, st, action):
        if action not in (1, 2):
            raise IllegalActionError(f"{action!r} is not 1 or 2")
        roll = sum(st.rng.randint(1, 6) for _ in range(action))
        if st.boom and roll == 12 and st.turn % st.boom == 0:
            raise RuntimeError("boom: a deliberately broken rule")
        st.totals[st.player] += 0 if st.endless else roll
        if st.log is not None:
            st.log.append(f"P{st.player + 1} rolls {roll}, total {st.totals[st.player]}")
        st.turn += 1
        st.player = (st.player + 1) % st.n

    def view(self, st, player):
        return {"totals": tuple(st.totals), "me": player, "my_card": st.hand[player]}

    def result(self, st):
        return ranked_result(st.totals, turns=st.turn, end_reason="target",
                             metrics={"longest": max(st.totals)},
                             seat_metrics=[{"card": c} for c in st.hand])

    def describe(self, st, decision, action):
        return f"roll {action} dice"

    def determinize(self, st, player, rng):
        """Other players' secret cards and the future dice are resampled."""
        import copy
        import random

        new = copy.deepcopy(st)
        new.rng = random.Random(rng.getrandbits(64))
        new.hand = [c if p == player else rng.randrange(100) for p, c in enumerate(st.hand)]
        return new


GAME = ToyGame()
