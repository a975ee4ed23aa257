"""Girl Phase, Girl cards, the Girls' special rules and Jealousy (rulebook pages on cards)."""
from __future__ import annotations

import pytest
from lb_helpers import (
    AIKA,
    KATSUMI,
    RIN,
    SAKIKO,
    YUKI,
    drive,
    kind,
    make_state,
    room,
    rules_for,
    start,
)

from simcli.engine import IllegalActionError
from simcli.games.lovebattle import flow
from simcli.games.lovebattle.rules import GAME

ALL_IN = ["Entry Hall"] * 5


def phase(st, p=0):
    """Run a Girl Phase without its opening draw (g=-1)."""
    return start(st, flow.girl_phase(st, p, -1))


def test_LB_047_girl_phase_starts_with_one_draw_from_any_deck():
    """LB-047: the Girl Phase begins with one card drawn from the chosen Girl's deck."""
    st = make_state(hands=[[], [], [], []])
    top = st.decks[RIN][-1]
    d = start(st, flow.take_turn(st, 0))
    assert {("draw", g) for g in range(5)} <= set(d.options)
    GAME.apply(st, ("draw", RIN))
    assert st.hands[0] == [top]
    assert st.pending.kind == "girl_phase"


def test_LB_048_play_and_discard_in_any_order_many_times():
    """LB-048: after the draw the player keeps moving and playing until ending the phase."""
    sn = kind("Aika", "Sweet Nothings")
    wink = kind("Sakiko", "Wink")
    st = make_state(gloc=["Entry Hall", "Art", "Gym", "Library", "Pool"],
                    hands=[[sn, sn, wink], [], [], []])
    d = phase(st)
    GAME.apply(st, ("play", sn))
    GAME.apply(st, ("move", wink, room("Gym")))
    d = st.pending
    assert d.kind == "girl_phase" and ("play", sn) in d.options
    GAME.apply(st, ("play", sn))
    GAME.apply(st, ("end",))
    assert st.pending is None and st.love[AIKA] == 5


def test_LB_049_LB_050_LB_141_discard_moves_girl_skipping_the_hallway():
    """LB-049/050/141/139: a discarded card moves its Girl, not via the Hallway; the Girl
    need not be with the Hero; Cafeteria to Art is one move."""
    wink = kind("Katsumi", "Wink")
    st = make_state(gloc=["Occult Studies", "Art", "Gym", "Library", "Cafeteria"],
                    hero="Pool", hands=[[wink], [], [], []])
    d = phase(st)
    moves = {o[2] for o in d.options if o[0] == "move"}
    R = st.rules
    assert room("Art") in moves and room("Entry Hall") in moves
    assert R.hallway not in moves                                  # LB-139
    assert room("Boy's Locker Room") not in moves and room("Pool") not in moves
    GAME.apply(st, ("move", wink, room("Art")))
    assert st.gloc[KATSUMI] == room("Art") and st.hands[0] == []
    assert st.discards[KATSUMI] == [wink]


def test_LB_049_girl_in_gym_reaches_locker_rooms_and_hallway_girl_reaches_any_room():
    R = rules_for()
    assert set(R.girl_moves[room("Gym")]) >= {room("Boy's Locker Room"),
                                               room("Girl's Locker Room"), room("Art")}
    assert set(R.girl_moves[R.hallway]) == set(R.hall_rooms)
    assert set(R.girl_moves[room("Pool")]) == {room("Boy's Locker Room"),
                                               room("Girl's Locker Room")}


def test_LB_051_girl_card_needs_the_hero_in_her_room():
    """LB-051: a Girl card can be played only when its Girl is with the Hero."""
    sn = kind("Rin", "Sweet Nothings")
    st = make_state(gloc=["Art", "Art", "Gym", "Library", "Pool"], hero="Entry Hall",
                    hands=[[sn], [], [], []])
    d = phase(st)
    assert ("play", sn) not in d.options
    with pytest.raises(IllegalActionError):
        GAME.apply(st, ("play", sn))
    st = make_state(gloc=["Art", "Art", "Gym", "Library", "Pool"], hero="Gym",
                    hands=[[sn], [], [], []])
    assert ("play", sn) in phase(st).options


def test_LB_053_card_effects_apply_to_its_own_girl():
    """LB-053: Love from a Girl card goes to the Girl the card belongs to."""
    charm = kind("Yuki", "Love Charm")
    st = make_state(gloc=["Art", "Art", "Gym", "Entry Hall", "Pool"], hands=[[charm], [], [], []])
    drive(st, flow.girl_phase(st, 0, -1), ("play", charm))
    assert st.love == [3, 3, 3, 4, 3]


def test_LB_054_five_card_types_in_every_deck():
    """LB-054: Seduction, Flirting, Jealousy, Punishment and Enchantment."""
    R = rules_for()
    for g in range(5):
        assert {R.cards[k].type for k in R.decks[g]} == {0, 1, 2, 3, 4}


def test_LB_055_seduction_needs_girl_alone_with_hero():
    """LB-055: Seduction only when the Girl and the Hero are alone together."""
    sn = kind("Aika", "Sweet Nothings")
    st = make_state(gloc=["Entry Hall", "Entry Hall", "Gym", "Library", "Pool"],
                    hands=[[sn], [], [], []])
    assert ("play", sn) not in phase(st).options
    st = make_state(gloc=["Entry Hall", "Art", "Gym", "Library", "Pool"], hands=[[sn], [], [], []])
    assert ("play", sn) in phase(st).options


def test_LB_070_LB_149_katsumi_seduces_with_company():
    """LB-070/149: Katsumi plays Seduction with Sakiko in the room (still needs the Hero)."""
    jc = kind("Katsumi", "Just Concentrate on These")
    st = make_state(gloc=["Art", "Entry Hall", "Gym", "Library", "Entry Hall"],
                    hands=[[jc], [], [], []])
    assert ("play", jc) in phase(st).options
    st = make_state(gloc=["Art", "Entry Hall", "Gym", "Library", "Cafeteria"],
                    hands=[[jc], [], [], []])
    assert ("play", jc) not in phase(st).options


def test_LB_056_flirting_costs_each_other_girl_one_love():
    """LB-056: Flirting: -1 Love to each other Girl in that location."""
    wink = kind("Rin", "Wink")
    st = make_state(gloc=["Gym", "Gym", "Gym", "Library", "Gym"], hero="Gym",
                    hands=[[wink], [], [], []])
    drive(st, flow.girl_phase(st, 0, -1), ("play", wink))
    assert st.love == [2, 2, 4, 3, 2]


def test_LB_072_sakiko_flirting_gives_one_other_girl_plus_one():
    """LB-072: Sakiko's Flirting may give one other Girl present +1 instead of -1."""
    wink = kind("Sakiko", "Wink")
    st = make_state(gloc=["Cafeteria", "Cafeteria", "Cafeteria", "Library", "Art"],
                    hero="Cafeteria", hands=[[wink], [], [], []])
    d = phase(st)
    assert {("play", wink, -1), ("play", wink, AIKA), ("play", wink, RIN)} <= set(d.options)
    GAME.apply(st, ("play", wink, AIKA))
    assert st.love == [4, 4, 2, 3, 3]
    st = make_state(gloc=["Cafeteria", "Cafeteria", "Cafeteria", "Library", "Art"],
                    hero="Cafeteria", hands=[[wink], [], [], []])
    drive(st, flow.girl_phase(st, 0, -1), ("play", wink, -1))
    assert st.love == [2, 4, 2, 3, 3]


def test_LB_065_LB_066_LB_067_LB_142_punishment_sign_alone_or_not():
    """LB-065..067, LB-142: a primary 2 Love is +2 alone with the Hero, -2 with company."""
    slap = kind("Sakiko", "Slap")
    assert rules_for().cards[slap].love == 2
    st = make_state(gloc=["Art", "Gym", "Cafeteria", "Library", "Pool"], hero="Gym",
                    hands=[[slap], [], [], []])
    drive(st, flow.girl_phase(st, 0, -1), ("play", slap))
    assert st.love[SAKIKO] == 5
    st = make_state(gloc=["Gym", "Gym", "Cafeteria", "Library", "Pool"], hero="Gym",
                    hands=[[slap], [], [], []])
    drive(st, flow.girl_phase(st, 0, -1), ("play", slap))
    assert st.love[SAKIKO] == 1


def test_LB_069_rin_chooses_punishment_sign():
    """LB-069: Rin decides whether her Punishment's primary value is + or -."""
    slap = kind("Rin", "Slap")
    st = make_state(gloc=["Gym", "Art", "Gym", "Library", "Pool"], hero="Gym",
                    hands=[[slap, slap], [], [], []])
    d = phase(st)
    assert ("play", slap, 1) in d.options and ("play", slap, -1) in d.options
    assert ("play", slap) not in d.options
    GAME.apply(st, ("play", slap, 1))                    # positive despite Aika's company
    assert st.love[RIN] == 5
    GAME.apply(st, ("play", slap, -1))
    assert st.love[RIN] == 3


def test_LB_068_LB_073_enchantment_costs_one_ki_except_aika():
    """LB-068: an Enchantment costs 1 Ki (unplayable at 0 Ki); LB-073: Aika's are free."""
    rin_ft = kind("Rin", "Fortune Telling")
    aika_ft = kind("Aika", "Fortune Telling")
    st = make_state(gloc=["Gym", "Art", "Gym", "Library", "Pool"], hero="Gym",
                    hands=[[rin_ft, aika_ft], [], [], []], ki=[0, 5, 5, 5])
    d = phase(st)
    assert ("play", rin_ft) not in d.options and ("play", aika_ft) in d.options
    GAME.apply(st, ("play", aika_ft))
    assert st.ki[0] == 0 and st.love[AIKA] == 4
    st = make_state(gloc=["Gym", "Art", "Gym", "Library", "Pool"], hero="Gym",
                    hands=[[rin_ft], [], [], []], ki=[1, 5, 5, 5])
    drive(st, flow.girl_phase(st, 0, -1), ("play", rin_ft))
    assert st.ki[0] == 0 and st.love[RIN] == 4


def test_LB_074_LB_075_LB_076_love_clamped_but_overflow_counts_for_plot_points():
    """LB-074/075: Love stays in 1..10; LB-076: the full +2 on a Girl at 9 still counts."""
    slap = kind("Rin", "Slap")
    st = make_state(gloc=["Art", "Art", "Gym", "Library", "Pool"], hero="Gym",
                    hands=[[slap], [], [], []], love=[3, 3, 9, 3, 3])
    butter = next(i for i, pp in enumerate(st.rules.plot_points) if pp.title == "Butterflies")
    st.face_up = [butter]
    d = drive(st, flow.girl_phase(st, 0, -1), ("play", slap, 1))
    assert st.love[RIN] == 10
    assert st.rec_up[RIN] == 2
    assert ("claim", butter) in d.options
    flow.change_love(st, AIKA, -5, 0)
    assert st.love[AIKA] == 1 and st.rec_down[AIKA] == 5


def test_LB_057_LB_060_jealousy_is_never_played_in_the_girl_phase():
    """LB-057/060: Jealousy cards only answer other cards, out of the normal plays."""
    ho = kind("Aika", "Hands Off!")
    st = make_state(gloc=ALL_IN, hands=[[ho], [], [], []])
    assert not any(o[0] == "play" for o in phase(st).options)


def jealousy_setup(gloc, hands, player=2):
    wink = kind("Rin", "Wink")
    hands = [list(h) for h in hands]
    hands[player].append(wink)
    st = make_state(gloc=gloc, hero="Gym", hands=hands, active=player)
    d = start(st, flow.girl_phase(st, player, -1))
    return st, d, wink


def test_LB_061_LB_059_jealousy_priority_from_the_left_and_ends_with_the_player():
    """LB-061: priority starts left of the player who played; LB-059: the same player
    may answer his own card with another Girl's Jealousy."""
    ho = kind("Aika", "Hands Off!")
    gloc = ["Gym", "Art", "Gym", "Library", "Pool"]
    st, d, wink = jealousy_setup(gloc, [[ho], [ho], [ho], [ho]], player=2)
    GAME.apply(st, ("play", wink))
    order = []
    while st.pending.kind == "jealousy":
        order.append(st.pending.player)
        GAME.apply(st, ("pass",))
    assert order == [3, 0, 1, 2]


def test_LB_062_LB_063_one_jealousy_each_resolved_before_priority_passes():
    """LB-062: one Jealousy per player per card; LB-063: each resolves before the next."""
    ho = kind("Aika", "Hands Off!")
    tantrum = kind("Yuki", "Tantrum")
    gloc = ["Gym", "Art", "Gym", "Library", "Pool"]
    st, d, wink = jealousy_setup(gloc, [[ho, tantrum], [], [], []], player=2)
    GAME.apply(st, ("play", wink))                       # Rin 3 -> 4, Aika 3 -> 2
    assert st.pending.player == 0 and st.pending.kind == "jealousy"
    GAME.apply(st, ("jealousy", ho))                     # Aika +1 -> 3, Rin -1 -> 3
    assert st.love[AIKA] == 3 and st.love[RIN] == 3      # resolved at once
    assert st.pending.kind == "girl_phase"               # no second card for player 0
    assert tantrum in st.hands[0]


def test_LB_057_no_jealousy_in_answer_to_jealousy():
    """LB-057: a Jealousy card opens no further responses."""
    ho = kind("Aika", "Hands Off!")
    ho_sak = kind("Sakiko", "Hands Off!")
    gloc = ["Gym", "Gym", "Gym", "Library", "Pool"]
    st, d, wink = jealousy_setup(gloc, [[ho], [ho_sak], [], []], player=2)
    GAME.apply(st, ("play", wink))
    assert st.pending.player == 0
    GAME.apply(st, ("jealousy", ho))
    assert st.pending.player == 1                        # the window for Rin's card goes on
    GAME.apply(st, ("pass",))
    assert st.pending.kind == "girl_phase"


def test_LB_058_jealousy_must_come_from_a_different_girl():
    """LB-058: Rin's Jealousy cannot answer Rin's own card."""
    rin_ho = kind("Rin", "Hands Off!")
    gloc = ["Gym", "Art", "Gym", "Library", "Pool"]
    st, d, wink = jealousy_setup(gloc, [[rin_ho], [], [], []], player=2)
    GAME.apply(st, ("play", wink))
    assert st.pending.kind == "girl_phase"


def test_LB_064_jealous_girl_must_share_the_room():
    """LB-064: a Jealousy Girl must be in the room of the Girl she answers."""
    sak_ho = kind("Sakiko", "Hands Off!")
    st, d, wink = jealousy_setup(["Art", "Art", "Gym", "Library", "Pool"],
                                 [[sak_ho], [], [], []], player=2)
    GAME.apply(st, ("play", wink))
    assert st.pending.kind == "girl_phase"
    st, d, wink = jealousy_setup(["Art", "Gym", "Gym", "Library", "Pool"],
                                 [[sak_ho], [], [], []], player=2)
    GAME.apply(st, ("play", wink))
    assert st.pending.kind == "jealousy" and ("jealousy", sak_ho) in st.pending.options


def test_LB_071_LB_052_yuki_answers_from_anywhere():
    """LB-071/052: Yuki's Jealousy needs neither the other Girl's room nor the Hero."""
    yuki_t = kind("Yuki", "Tantrum")
    st, d, wink = jealousy_setup(["Art", "Art", "Gym", "Library", "Pool"],
                                 [[], [yuki_t], [], []], player=2)
    GAME.apply(st, ("play", wink))                       # Rin 4
    assert st.pending.player == 1 and ("jealousy", yuki_t) in st.pending.options
    GAME.apply(st, ("jealousy", yuki_t))                 # Yuki -1, Rin -2
    assert st.love[YUKI] == 2 and st.love[RIN] == 2


def test_LB_151_date_card_moves_girl_and_hero():
    """LB-151: 'Just Concentrate on These': +1 Love, move Katsumi and the Hero together."""
    jc = kind("Katsumi", "Just Concentrate on These")
    st = make_state(gloc=["Art", "Cafeteria", "Gym", "Library", "Entry Hall"],
                    hands=[[jc], [], [], []])
    d = drive(st, flow.girl_phase(st, 0, -1), ("play", jc))
    assert d.kind == "date_room"
    GAME.apply(st, ("date", room("Gym")))
    assert st.love[KATSUMI] == 4 and st.test_bonus == 1
    assert st.hero == room("Gym") and st.gloc[KATSUMI] == room("Gym")
