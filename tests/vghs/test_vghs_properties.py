"""Properties of whole VGHS games: invariants over many seeds, hidden information,
clone independence, determinism, components and data validation."""
from __future__ import annotations

import random

import pytest
from vghs_helpers import make_state, token_total

from simcli.engine import RulesError, play_game
from simcli.games.vghs.rules import GAME
from simcli.games.vghs.ruleset import DICE, SKILLS
from strategies import RandomBot, list_strategies, resolve

RULES4 = GAME.make_rules(GAME.default_data(), 4)


def check_invariants(s) -> None:
    n = s.n
    for p in range(n):
        assert 1 <= s.rank[p] <= 50
        for pool in (s.dice, s.perm_a, s.perm_i, s.temp_a, s.temp_i):
            assert min(pool[p]) >= 0
        assert sum(s.dice[p]) <= DICE
        assert 0 <= s.left[p] <= 3
        assert len(s.hand[p]) + len(s.played[p]) == 3
    taken = [r for r in s.rank if r != 50]
    assert len(taken) == len(set(taken)), s.rank
    assert min(s.supply) >= 0 and min(s.sym) >= 0
    assert token_total(s) == sum(s.rules.supply)
    assert s.bonus_supply >= 0 and min(s.bonus) >= 0
    assert s.bonus_supply + sum(s.bonus) == s.rules.params["bonus_tokens"] == 20
    for i, loc in enumerate(s.rules.locations):
        assert 0 <= s.occ[i] <= loc.capacity
    assert s.round <= 10


def play_checked(seed: int, n: int) -> None:
    rng = random.Random(seed)
    s = GAME.setup(n, GAME.make_rules(GAME.default_data(), n) if n != 4 else RULES4, rng)
    bot = random.Random(seed + 1)
    steps = 0
    while (d := GAME.decision(s)) is not None:
        assert d.options and 0 <= d.player < n
        GAME.apply(s, d.options[int(bot.random() * len(d.options))])
        steps += 1
        if d.kind in ("place", "reroll") or steps % 7 == 0:
            check_invariants(s)
    check_invariants(s)
    assert s.end_reason in ("rank1", "deck_empty")
    assert s.round <= 10
    if s.end_reason == "deck_empty":
        assert s.round == 10
    else:
        assert s.rank.count(1) == 1


def test_invariants_over_2000_random_games():
    """VGHS-040, VGHS-041, VGHS-090, VGHS-098: 2000 random games (2-4 players) end within 10
    rounds; no two
    rank tokens share a space but 50; skills, tokens and supplies never go negative;
    the 50 skill tokens and 20 bonus tokens are conserved; capacities hold."""
    for seed in range(2000):
        play_checked(seed, 2 + seed % 3)


def test_play_game_with_every_strategy_for_every_player_count():
    for n in (2, 3, 4):
        rules = GAME.make_rules(GAME.default_data(), n)
        names = list(list_strategies("vghs"))
        for seed in range(6):
            specs = [resolve("vghs", names[(seed + i) % len(names)]) for i in range(n)]
            rec = play_game(GAME, n, rules, specs, seed)
            res = rec.result
            assert abs(sum(res.win_shares) - 1) < 1e-9
            assert res.end_reason in ("rank1", "deck_empty")
            assert res.metrics["rounds"] == res.turns
            assert [m["final_rank"] for m in res.seat_metrics] == [51 - x for x in res.scores]


def test_same_seed_same_game_and_replay_from_history():
    specs = [resolve("vghs", x) for x in ("arcade", "challenger", "builder", "random")]
    a = play_game(GAME, 4, RULES4, specs, 123)
    b = play_game(GAME, 4, RULES4, specs, 123)
    assert a.history == b.history and a.result == b.result
    c = play_game(GAME, 4, RULES4, [RandomBot] * 4, 123, history=a.history, narrate=True)
    assert c.result == a.result
    assert any("Field of Fire" in line or "Auditorium" in line for line in c.log)


def test_global_random_does_not_change_the_game():
    specs = [RandomBot] * 4
    a = play_game(GAME, 4, RULES4, specs, 7)
    random.seed(99)
    for _ in range(5):
        random.random()
    b = play_game(GAME, 4, RULES4, specs, 7)
    assert a.history == b.history


def test_clone_is_independent():
    s = GAME.setup(4, RULES4, random.Random(5))
    bot = random.Random(0)
    for _ in range(40):
        d = GAME.decision(s)
        GAME.apply(s, d.options[int(bot.random() * len(d.options))])
    c = GAME.clone(s)
    snapshot = (list(s.rank), [list(x) for x in s.dice], [list(x) for x in s.hand],
                list(s.stack), s.rng.getstate())
    # play the clone to the end
    while (d := GAME.decision(c)) is not None:
        GAME.apply(c, d.options[-1])
    assert (list(s.rank), [list(x) for x in s.dice], [list(x) for x in s.hand],
            list(s.stack), s.rng.getstate()) == snapshot
    # the clone and the original continue identically with the same choices
    c1, c2 = GAME.clone(s), GAME.clone(s)
    for state in (c1, c2):
        while (d := GAME.decision(state)) is not None:
            GAME.apply(state, d.options[len(d.options) // 2])
    assert GAME.result(c1) == GAME.result(c2)


def test_view_hides_hands_deck_and_rolling_dice():
    """Hidden information: other hands (sizes only), the deck order, the RNG, and the
    other players' dice while everyone is rolling."""
    s = GAME.setup(4, RULES4, random.Random(3))
    assert GAME.decision(s).kind == "reroll"
    v = GAME.view(s, 1)
    assert v.dice[1] is not None and v.dice[0] is None and v.dice[2] is None
    assert v.hand == tuple(s.hand[1]) and v.hand_sizes == (3, 3, 3, 3)
    assert v.deck_size == 9 and not hasattr(v, "deck") and not hasattr(v, "rng")
    assert not hasattr(v, "stack")
    for value in (getattr(v, k) for k in v.__slots__):
        assert value is not s.hand and value is not s.deck and value is not s.rng
        assert value is not s
    # once rolling is over, dice in the active pools are public
    while GAME.decision(s).kind != "place":
        GAME.apply(s, GAME.decision(s).options[0])
    assert GAME.view(s, 1).dice[0] == s.dice[0]


def test_components_and_setup():
    """VGHS-085, VGHS-015, VGHS-002, VGHS-006 (20 dice, 12 stands: at most 4 players of
    5 dice and 3 standees),
    VGHS-003, VGHS-004, VGHS-005, VGHS-008, VGHS-009, VGHS-010, VGHS-011, VGHS-012, VGHS-013,
    VGHS-030, VGHS-031, VGHS-032, VGHS-033, VGHS-034, VGHS-035, VGHS-036, VGHS-037, VGHS-038
    (setup)."""
    assert max(GAME.players) * 5 <= 20 and max(GAME.players) * 3 <= 12
    r = RULES4
    # VGHS-085: six skill types, Wild last; dice have one face per type
    assert SKILLS == ("FPS", "Fighting", "Racing", "Rhythm", "RTS", "Wild")
    # VGHS-015: every power-up card has a name, an owning character and an effect
    for ch in r.characters:
        assert len(ch.cards) == 3
        for c in ch.cards:
            assert r.cards[c].character == ch.name and r.cards[c].effect and r.cards[c].name
    assert len(r.characters) == 6 and len({c.name for c in r.characters}) == 6
    assert len(r.challenges) == 10
    assert len(r.video_games) == 5
    assert sum(r.supply) == 50
    s = GAME.setup(4, r, random.Random(11))
    GAME.decision(s)                 # setup's remaining steps run at the first decision
    assert s.bonus_supply == 20 and len(s.hs_token) == 5 and not any(s.hs_token)
    assert s.first == 0
    assert len(set(s.char)) == 4
    assert s.rank == [50, 50, 50, 50]
    for p in range(4):
        assert sorted(s.hand[p]) == sorted(r.characters[s.char[p]].cards)
        assert sum(s.dice[p]) == 5
    assert len(s.deck) == 9 and s.challenge >= 0
    assert sorted([*s.deck, s.challenge]) == list(range(10))
    other = GAME.setup(4, r, random.Random(12))
    GAME.decision(other)
    assert [*other.deck, other.challenge] != [*s.deck, s.challenge] or other.char != s.char


def test_character_assignment_draft_and_fixed():
    r = GAME.make_rules({**GAME.default_data(), "character_assignment": "draft"}, 3)
    s = GAME.setup(3, r, random.Random(0))
    d = GAME.decision(s)
    assert d.kind == "draft" and d.player == 0 and len(d.options) == 6
    GAME.apply(s, 4)
    assert 4 not in GAME.decision(s).options and GAME.decision(s).player == 1
    r = GAME.make_rules({**GAME.default_data(), "character_assignment": "fixed"}, 2)
    assert GAME.setup(2, r, random.Random(0)).char == [0, 1]


def test_ki_swan_starts_with_a_permanent_token():
    r = GAME.make_rules({**GAME.default_data(), "character_assignment": "fixed"}, 4)
    data = GAME.default_data()
    chars = data["characters"]
    data["characters"] = [chars[4], *chars[:4], chars[5]]
    r = GAME.make_rules({**data, "character_assignment": "fixed"}, 4)
    s = GAME.setup(4, r, random.Random(0))
    GAME.decision(s)
    assert s.perm_a[0][3] == 1 and s.supply[3] == 9


@pytest.mark.parametrize(("key", "value", "where"), [
    ("gta_capacity", "x", "gta_capacity"),
    ("class_perm_cost", 0, "class_perm_cost"),
    ("character_assignment", "auction", "character_assignment"),
    ("no_such_key", 1, "no_such_key"),
    ("class_dice_any_face", 1, "class_dice_any_face"),
])
def test_bad_parameters_name_the_key(key, value, where):
    with pytest.raises(RulesError) as err:
        GAME.make_rules({**GAME.default_data(), key: value}, 4)
    assert err.value.key == where


def test_bad_cards_name_the_key():
    data = GAME.default_data()
    data["challenges"][2]["victory"] = [{"op": "fly", "n": 1}]
    with pytest.raises(RulesError) as err:
        GAME.make_rules(data, 4)
    assert err.value.key == "challenges[2].victory[0].op"
    data = GAME.default_data()
    data["video_games"][1]["skill"] = "Puzzle"
    with pytest.raises(RulesError) as err:
        GAME.make_rules(data, 4)
    assert err.value.key == "video_games[1].skill"
    data = GAME.default_data()
    del data["power_ups"][0]
    with pytest.raises(RulesError) as err:
        GAME.make_rules(data, 4)
    assert err.value.key == "power_ups" and "Jenny Matrix 2" in str(err.value)
    data = GAME.default_data()
    data["characters"][0]["name"] = "Jenny"
    with pytest.raises(RulesError) as err:
        GAME.make_rules(data, 4)
    assert err.value.key == "characters[0].name"
    with pytest.raises(RulesError):
        GAME.make_rules({**GAME.default_data(), "gta_capacity": 0, "class_capacity": 0,
                         "cafeteria_capacity": 0}, 4)


def test_describe_every_option_of_a_narrated_game():
    specs = [resolve("vghs", x) for x in ("arcade", "challenger", "builder", "random")]
    rec = play_game(GAME, 4, RULES4, specs, 5, narrate=True)
    assert rec.log and all(isinstance(x, str) for x in rec.log)
    s = make_state()
    from vghs_helpers import run
    run(s, ("place", 0))
    for o in s.pending.options:
        assert GAME.describe(s, s.pending, o).startswith("place standee on")


def test_analysis_tables_and_plots(tmp_path):
    import polars as pl

    rows = []
    specs = [resolve("vghs", x) for x in ("arcade", "challenger", "builder", "random")]
    for i in range(8):
        res = play_game(GAME, 4, RULES4, specs, i).result
        for seat in range(4):
            rows.append({"game_index": i, "seed": i, "game": "vghs", "variant": "default",
                         "n_players": 4, "seat": seat + 1, "strategy": specs[seat].func.name,
                         "score": res.scores[seat], "place": res.places[seat],
                         "win_share": res.win_shares[seat], "turns": res.turns,
                         "end_reason": res.end_reason, **res.metrics,
                         **res.seat_metrics[seat]})
    df = pl.DataFrame(rows)
    tables = GAME.tables(df)
    chars = tables["Win share by character"]
    assert abs(chars["win_share"].dot(chars["seats"]) - 8) < 1e-9
    ends = tables["End of game (rank 1 vs empty challenge deck) and rounds"]
    assert ends["games"].sum() == 8
    paths = GAME.plots(df, tmp_path)
    assert paths and all(p.exists() for p in paths)


def test_view_is_refreshed_and_not_shared_by_clones():
    s = GAME.setup(4, RULES4, random.Random(8))
    d = GAME.decision(s)
    v = GAME.view(s, d.player)
    assert v.dice[(d.player + 1) % 4] is None           # rolling: others' dice hidden
    while GAME.decision(s).kind != "place":
        GAME.apply(s, GAME.decision(s).options[0])
    v2 = GAME.view(s, d.player)
    assert v2.dice[(d.player + 1) % 4] == s.dice[(d.player + 1) % 4]
    assert v2.round == s.round and v2.hand == tuple(s.hand[d.player])
    c = GAME.clone(s)
    assert GAME.view(c, d.player) is not GAME.view(s, d.player)
    assert GAME.view(c, d.player).rank is c.rank


@pytest.mark.parametrize("players", [2, 3, 4])
def test_power_up_cards_in_play_fit_the_listed_fifteen(players):
    """VGHS-007 (15 power-up cards) against VGHS-035 (each player takes his character's 3):
    the data follows VGHS-035 (18 cards, 3 for each of 6 characters; see the game's
    NOTES.md), and a game never has more than 15 in play: at most 4 players bring 3 each,
    and over a whole game the cards in hands and inactive pools are those same cards."""
    rules = GAME.make_rules(GAME.default_data(), players)
    assert len(rules.cards) == 18 == 3 * len(rules.characters)
    for seed in range(25):
        s = GAME.setup(players, rules, random.Random(seed))
        GAME.decision(s)
        dealt = {c for hand in s.hand for c in hand}
        assert len(dealt) == 3 * players <= 15
        rng = random.Random(seed)
        while (d := GAME.decision(s)) is not None:
            GAME.apply(s, rng.choice(d.options))
            seen = {c for hand in s.hand for c in hand} | {c for pool in s.played for c in pool}
            assert seen <= dealt
