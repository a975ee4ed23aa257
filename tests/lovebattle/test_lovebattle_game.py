"""Components, setup, votes, the class schedule and the Meddling Phase."""
from __future__ import annotations

import random

import pytest
from lb_helpers import AIKA, RIN, SAKIKO, kind, make_state, room, rules_for, start

from simcli.engine import RulesError
from simcli.games.lovebattle import flow
from simcli.games.lovebattle.rules import GAME


def new_game(n=4, seed=1):
    return GAME.setup(n, rules_for(n), random.Random(seed))


def random_play(st, rng, until=None):
    """Play random options; call ``until(st, decision)`` before each (stop when True)."""
    while (d := GAME.decision(st)) is not None:
        if until is not None and until(st, d):
            return d
        GAME.apply(st, d.options[int(rng.random() * len(d.options))])
    return None


# -- components -----------------------------------------------------------------------------
def test_LB_001_LB_005_LB_054_hero_five_girls_twenty_cards_each():
    """LB-001: Hiroshi and five Girls; LB-005: 20 Girl cards per Girl."""
    R = rules_for()
    assert R.girls == ("Aika", "Sakiko", "Rin", "Yuki", "Katsumi")
    assert [len(d) for d in R.decks] == [20] * 5
    assert all(R.cards[k].girl == g for g in range(5) for k in R.decks[g])


def test_LB_006_LB_042_twenty_meddling_cards_with_title_character_effect():
    """LB-006: 20 Meddling cards; LB-042: each has a title, a character and an effect."""
    R = rules_for()
    assert len(R.meddling) == 20
    assert all(m.title and m.character and m.effect for m in R.meddling)


def test_LB_008_LB_009_five_conditions_and_a_six_sided_die():
    """LB-008: 5 Condition cards; LB-009: TESTs roll one six-sided die."""
    R = rules_for()
    assert len(R.conditions) == 5
    st = make_state(rng=random.Random(3))
    st.rules = rules_for(test_max=99, test_min=-99)
    rolls = {flow.roll_test(st, 0) for _ in range(300)}
    assert rolls == {1, 2, 3, 4, 5, 6}


def test_LB_012_two_to_four_players():
    """LB-012: 4 Player Reference cards: 2-4 players (Plot Point setup covers 2, 3, 4)."""
    assert GAME.players == range(2, 5)
    with pytest.raises(RulesError):
        GAME.make_rules(GAME.default_data(), 5)


def test_LB_010_fifty_five_ki_tokens_limit_gains():
    """LB-010: 55 Ki tokens: a gain beyond the tokens left in the supply is lost."""
    st = make_state(ki=[50, 3, 1, 0])
    flow.gain_ki(st, 3, 2)
    assert st.ki == [50, 3, 1, 1]
    flow.gain_ki(st, 0, 5)
    assert st.ki == [50, 3, 1, 1]
    assert rules_for().ki_supply == 55


def test_LB_011_twenty_vote_tokens_four_per_girl():
    """LB-011: 20 Vote tokens (4 per Girl) let every player of 4 vote for any Girl."""
    assert rules_for().vote_tokens == 20
    data = GAME.default_data()
    data["vote_tokens"] = 10
    with pytest.raises(RulesError) as e:
        GAME.make_rules(data, 3)
    assert e.value.key == "vote_tokens"


def test_LB_018_discards_go_to_their_own_girls_pile():
    """LB-018: a discarded card goes to its own Girl's discard pile."""
    wink = kind("Rin", "Wink")
    st = make_state(hands=[[wink], [], [], []])
    start(st, flow.girl_phase(st, 0, -1))
    GAME.apply(st, ("move", wink, room("Art")))
    assert st.discards[RIN] == [wink] and sum(map(len, st.discards)) == 1


def test_bad_data_names_the_key():
    data = GAME.default_data()
    data["otm_payout"] = "five"
    with pytest.raises(RulesError) as e:
        GAME.make_rules(data, 4)
    assert e.value.key == "otm_payout"
    data = GAME.default_data()
    data["girls"]["Rin"]["start"] = "Moon"
    with pytest.raises(RulesError) as e:
        GAME.make_rules(data, 4)
    assert e.value.key == "girls.Rin.start"


# -- setup -----------------------------------------------------------------------------------
@pytest.mark.parametrize("n,face_up", [(2, 4), (3, 5), (4, 6)])
def test_LB_013_to_LB_025_setup(n, face_up):
    """LB-013: Hero in the Entry Hall; LB-014: Girls in their start rooms; LB-015: Love 3;
    LB-016, LB-017: shuffled decks; LB-018: each Girl has her own discard pile; LB-020,
    LB-021, LB-022: 4/5/6 face-up Plot Points; LB-024: one card of each Girl per player;
    LB-025: 5 Ki each."""
    R = rules_for(n)
    st = new_game(n)
    assert st.hero == room("Entry Hall")
    assert st.gloc == list(R.starts)
    assert st.love == [3] * 5
    assert len(st.face_up) == face_up and len(st.pp_deck) == 25 - face_up
    assert st.discards == [[]] * 5
    for p in range(n):
        assert sorted(R.cards[k].girl for k in st.hands[p]) == [0, 1, 2, 3, 4]
    assert [len(d) for d in st.decks] == [20 - n] * 5
    assert st.ki == [5] * n
    orders = {tuple(new_game(n, seed).decks[RIN]) for seed in range(5)}
    assert len(orders) == 5                                   # LB-016/017: shuffled


def test_starting_values_are_rules_parameters():
    st = make_state(starting_ki=7, starting_love=4, face_up_plot_points_4p=3)
    assert st.ki == [7] * 4 and st.love == [4] * 5 and len(st.face_up) == 3


def test_LB_026_LB_027_LB_028_secret_votes_after_seeing_the_hand():
    """LB-026: vote after seeing the hand; LB-027: one Girl or two; LB-028: 2 players
    must pick two Girls."""
    st = new_game(4)
    d = GAME.decision(st)
    assert d.kind == "vote" and d.player == 0
    assert len(GAME.view(st, 0).hand) == 5
    assert len(d.options) == 15 and (RIN,) in d.options and (AIKA, RIN) in d.options
    st2 = new_game(2)
    d2 = GAME.decision(st2)
    assert len(d2.options) == 10 and all(len(o) == 2 for o in d2.options)


def test_LB_029_LB_030_votes_stay_hidden_until_date():
    """LB-029/030: votes are unrevealed: a view shows its own vote and nobody else's."""
    views = []
    for other in ((RIN,), (AIKA, SAKIKO)):
        st = new_game(3)
        for v in ((RIN,), other, (SAKIKO,)):
            GAME.apply(st, v)
        view = GAME.view(st, 0)
        assert view.my_vote == (RIN,) and not hasattr(view, "votes")
        views.append(view.as_dict())
    assert views[0] == views[1]


# -- class schedule --------------------------------------------------------------------------
def schedule(n=4, seed=5):
    st = GAME.setup(n, rules_for(n), random.Random(seed))
    seen = []

    def note(s, d):
        if d.kind == "turn":
            seen.append((s.period, d.player, s.meddling))
        return False

    random_play(st, random.Random(seed), note)
    return st, seen


def test_LB_031_LB_032_LB_033_LB_034_seat_order_each_period():
    """LB-031/032: player 0 (seat 1) starts; LB-033: clockwise; LB-034: one turn each."""
    st, seen = schedule()
    for period in range(1, 8):
        assert [p for (per, p, _) in seen if per == period] == [0, 1, 2, 3]


def test_LB_035_LB_036_LB_097_seven_periods_then_date():
    """LB-035: the clock advances after everyone's turn; LB-036/097: DATE! after 7."""
    st, seen = schedule(3)
    assert len(seen) == 21 and st.turns == 21
    assert st.period == 8 and GAME.decision(st) is None


def test_LB_037_LB_038_LB_039_LB_040_LB_041_meddling_from_period_two():
    """LB-037: none in period 1; LB-038/039: a card before the first turn of each later
    period; LB-040/041: the same card applies to everyone all period."""
    st, seen = schedule()
    assert all(m == -1 for (per, _, m) in seen if per == 1)
    for period in range(2, 8):
        cards = {m for (per, _, m) in seen if per == period}
        assert len(cards) == 1 and cards.pop() >= 0
    assert st.meddling == -1
    assert len(st.med_discard) == 6


def meddle(title, **kw):
    st = make_state(**kw)
    R = st.rules
    st.med_deck = [next(i for i, m in enumerate(R.meddling) if m.title == title)]
    start(st, flow.meddling_phase(st))
    return st


def test_meddling_effects():
    st = meddle("Hall Monitor Patrol")
    assert st.mod_move == 1
    flow.end_meddling(st)
    assert st.mod_move == 2
    st = meddle("Secret Admirer", love=[2, 5, 2, 7, 3])
    assert st.love == [3, 5, 3, 7, 3]
    st = meddle("Rumor Mill", love=[2, 7, 2, 7, 3])
    assert st.love == [2, 6, 2, 6, 3]
    st = meddle("Substitute Teacher", ki=[0, 0, 0, 0],
                gloc=["Art", "Art", "Entry Hall", "Art", "Art"], hands=[[kind("Rin", "Love Charm")],
                                                                        [], [], []])
    d = start(st, flow.girl_phase(st, 0, -1))
    assert ("play", kind("Rin", "Love Charm")) in d.options
    st = meddle("Gossip Spreads", gloc=["Gym", "Gym", "Gym", "Art", "Art"], hero="Gym",
                hands=[[kind("Rin", "Wink")], [], [], []])
    start(st, flow.girl_phase(st, 0, -1))
    GAME.apply(st, ("play", kind("Rin", "Wink")))
    assert st.love[:3] == [1, 1, 4]
    st = meddle("Detention", hero="Art", gloc=["Art"] * 5)
    assert not any(o[0] == "kick" for o in start(st, flow.hero_action(st, 0)).options)
    st = meddle("Fire Drill", hero="Pool")
    assert st.hero == room("Entry Hall")
    st = meddle("Study Hall", hands=[[], [], [], []])
    d = start(st, flow.girl_phase(st, 0, AIKA))
    assert d.kind == "girl_draw" and len(st.hands[0]) == 1
    st = meddle("Ghost Story")
    assert st.rules.conditions[st.condition].name == "Disembodied Spirit" and st.no_kick


def test_LB_043_LB_044_LB_045_LB_046_declare_phase_order():
    """LB-043..046: the turn opens by declaring the first phase (a Girl Phase draw, or the
    Hero Phase's first step); the other phase follows when it is done."""
    st = make_state(hands=[[], [], [], []])
    d = start(st, flow.take_turn(st, 0))
    assert d.kind == "turn"
    assert {("draw", g) for g in range(5)} <= set(d.options)
    assert ("act_first",) in d.options and ("move", room("Art")) in d.options
    GAME.apply(st, ("act_first",))                            # Hero Phase first
    assert st.pending.kind == "hero_action"
    GAME.apply(st, ("draw", RIN))
    GAME.apply(st, ("move", st.hero))
    if st.pending.kind == "claim":
        GAME.apply(st, ("pass",))
    assert st.pending.kind == "girl_draw"                     # then the Girl Phase
    GAME.apply(st, ("draw", AIKA))
    assert st.pending.kind == "girl_phase"
    GAME.apply(st, ("end",))
    assert st.pending is None
    st = make_state(hands=[[], [], [], []])
    start(st, flow.take_turn(st, 0))
    GAME.apply(st, ("draw", RIN))                             # Girl Phase first
    GAME.apply(st, ("end",))
    assert st.pending.kind == "hero_phase"


def test_LB_002_one_player_controls_girls_and_hero_in_a_turn():
    """LB-002: in one turn the same player moves Girls and the Hero."""
    st = make_state()
    start(st, flow.take_turn(st, 0))
    GAME.apply(st, ("draw", RIN))
    d = st.pending
    girl_move = next(o for o in d.options if o[0] == "move")
    GAME.apply(st, girl_move)
    GAME.apply(st, ("end",))
    d = st.pending
    assert (d.player, d.kind) == (0, "hero_phase")
    GAME.apply(st, ("move", room("Art")))
    assert st.hero == room("Art") and st.gloc[st.rules.card_girl[girl_move[1]]] == girl_move[2]


def test_girl_phase_draws_is_a_parameter():
    """LB-047 as a parameter: with girl_phase_draws = 0 the Girl Phase opens without a draw;
    with 2 a second draw follows the first."""
    st = make_state(hands=[[], [], [], []], girl_phase_draws=0)
    d = start(st, flow.take_turn(st, 0))
    assert ("draw", -1) in d.options and ("draw", RIN) not in d.options
    GAME.apply(st, ("draw", -1))
    assert st.hands[0] == [] and st.pending.kind == "girl_phase"
    st = make_state(hands=[[], [], [], []], girl_phase_draws=2)
    start(st, flow.take_turn(st, 0))
    GAME.apply(st, ("draw", RIN))
    assert st.pending.kind == "girl_draw"
    GAME.apply(st, ("draw", AIKA))
    assert len(st.hands[0]) == 2
