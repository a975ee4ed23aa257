"""VGHS setup as a whole: the order of its steps and the first player (seat assignment)."""
from __future__ import annotations

import random

from vghs_helpers import rules

from simcli.engine import play_game
from simcli.games.vghs.rules import GAME
from strategies import RandomBot


def test_VGHS_029_setup_steps_run_in_order_before_round_one():
    """VGHS-029: setup's steps come in the listed order: characters are chosen (step 3)
    before anything of round 1, every character's hand is dealt, rank tokens stand on 50
    (step 4) and the challenge deck is shuffled (step 6) before the first challenge is
    revealed in round 1's Prepare Phase."""
    rec = play_game(GAME, 4, rules(4), [RandomBot] * 4, 21, narrate=True)
    lines = [line.strip() for line in rec.log]
    chosen = [i for i, line in enumerate(lines) if " plays " in line and line[0] == "P"][:4]
    first_round = next(i for i, line in enumerate(lines) if line.startswith("Round 1"))
    assert len(chosen) == 4 and max(chosen) < first_round
    s = GAME.setup(4, rules(4), random.Random(21))
    d = GAME.decision(s)  # setup's steps run up to the first real choice
    assert d is not None and s.round == 1
    assert all(len(s.hand[p]) == 3 for p in range(4))
    assert s.rank == [50, 50, 50, 50]
    assert len(s.deck) == len(s.rules.challenges) - 1 and s.challenge is not None


def test_VGHS_039_seat_one_holds_the_first_player_token():
    """VGHS-039: the rulebook gives the first player token to the player rolling most wilds;
    simcli replaces that roll by the seat assignment (seat 1 = first player), so the token
    starts with player 0 in every game and seat 1 makes the first choice of round 1."""
    for seed in range(20):
        s = GAME.setup(3, rules(3), random.Random(seed))
        d = GAME.decision(s)
        assert s.first == 0
        assert d.player == 0
