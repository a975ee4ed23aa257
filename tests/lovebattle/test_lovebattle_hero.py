"""Hero Phase, rooms and their Room Actions, Conditions, Plot Points and the Example Turn."""
from __future__ import annotations

from lb_helpers import (
    AIKA,
    KATSUMI,
    RIN,
    SAKIKO,
    YUKI,
    FixedDie,
    drive,
    kind,
    make_state,
    pp_index,
    room,
    rules_for,
    start,
)

from simcli.games.lovebattle import flow
from simcli.games.lovebattle.rules import GAME

R = rules_for()
HALL = R.hallway


def reach(frm: str, moves: int = 2) -> set:
    return set(R.hero_reach[room(frm)][moves])


# -- Hero movement ------------------------------------------------------------------------
def test_LB_078_LB_079_LB_080_hero_moves_two_spaces_hallway_is_one():
    """LB-078: up to two spaces; LB-079: the Hallway is one; LB-080: it links every room
    but the Locker Rooms and the Pool."""
    assert set(R.adjacent[HALL]) == set(R.hall_rooms)
    for name in ("Boy's Locker Room", "Girl's Locker Room", "Pool"):
        assert room(name) not in R.adjacent[HALL]
    assert room("Entry Hall") in R.adjacent[HALL]
    assert reach("Art", 1) == {room("Art"), HALL}
    assert room("Cafeteria") in reach("Art", 2)                  # Art -> Hallway -> Cafeteria
    assert room("Pool") not in reach("Entry Hall", 2)
    assert room("Pool") in reach("Gym", 2)                       # Gym -> Locker Room -> Pool
    st = make_state(hero="Art")
    d = start(st, flow.hero_phase(st, 0))
    assert {o[1] for o in d.options if o[0] == "move"} == reach("Art", 2)


def test_LB_077_LB_081_move_and_one_action_in_either_order():
    """LB-077: move and act in either order; LB-081: exactly one Hero Action."""
    st = make_state(hero="Entry Hall", gloc=["Art", "Cafeteria", "Gym", "Library", "Pool"],
                    hands=[[], [], [], []])
    d = start(st, flow.hero_phase(st, 0))
    assert d.options[0] == ("act_first",)
    GAME.apply(st, ("act_first",))
    assert st.pending.kind == "hero_action"
    GAME.apply(st, ("draw", RIN))                                # LB-083
    assert st.pending.kind == "hero_move" and len(st.hands[0]) == 1
    GAME.apply(st, ("move", room("Gym")))
    assert st.pending is None and st.hero == room("Gym")
    st = make_state(hero="Entry Hall", hands=[[], [], [], []])
    drive(st, flow.hero_phase(st, 0), ("move", room("Art")))
    assert st.pending.kind == "hero_action" and st.hero == room("Art")
    GAME.apply(st, ("draw", YUKI))
    assert st.pending is None


def test_LB_082_LB_083_LB_084_LB_085_LB_140_hero_actions_and_kick_into_hallway():
    """LB-082..085, LB-140: Room Action, draw, or kick a Girl to an adjacent space, the
    Hallway included."""
    st = make_state(hero="Art", gloc=["Art", "Cafeteria", "Gym", "Library", "Pool"])
    d = start(st, flow.hero_action(st, 0))
    assert ("room",) in d.options
    assert {("draw", g) for g in range(5)} <= set(d.options)
    assert ("kick", AIKA, HALL) in d.options
    assert not any(o[0] == "kick" and o[1] != AIKA for o in d.options)
    GAME.apply(st, ("kick", AIKA, HALL))
    assert st.gloc[AIKA] == HALL and st.rec_kick


def test_LB_138_hallway_has_no_room_action():
    """LB-138: no Room Action in the Hallway."""
    st = make_state(hero="Hallway")
    d = start(st, flow.hero_action(st, 0))
    assert ("room",) not in d.options


# -- Rooms ---------------------------------------------------------------------------------
def art(face, **kw):
    st = make_state(hero="Art", rng=FixedDie(face), **kw)
    return st, start(st, flow.room_action(st, 0, room("Art")))


def test_LB_114_LB_115_art_test_1_loses_a_ki():
    """LB-114/115: Art TEST 1: -1 Ki."""
    st, d = art(1)
    assert d is None and st.ki[0] == 4


def test_LB_116_art_test_2_discards_two_cards():
    """LB-116: Art TEST 2: discard 2 Girl cards."""
    st, d = art(2)
    assert d.kind == "discard"
    GAME.apply(st, d.options[0])
    GAME.apply(st, st.pending.options[0])
    assert len(st.hands[0]) == 3 and st.pending is None


def test_LB_117_LB_118_art_test_3_and_4_love_to_one_girl_in_room():
    """LB-117: TEST 3: -2 Love to one Girl in the room; LB-118: TEST 4: +2."""
    gloc = ["Art", "Art", "Gym", "Library", "Pool"]
    st, d = art(3, gloc=gloc)
    assert set(d.options) == {("girl", AIKA), ("girl", SAKIKO)}
    GAME.apply(st, ("girl", SAKIKO))
    assert st.love[SAKIKO] == 1
    st, d = art(4, gloc=gloc)
    GAME.apply(st, ("girl", AIKA))
    assert st.love[AIKA] == 5


def test_LB_119_LB_120_art_test_5_draws_two_and_6_gains_ki():
    """LB-119: TEST 5: draw 2 Girl cards; LB-120: TEST 6: +1 Ki."""
    st, d = art(5)
    GAME.apply(st, ("draw", RIN))
    GAME.apply(st, ("draw", YUKI))
    assert len(st.hands[0]) == 7
    st, d = art(6)
    assert st.ki[0] == 6 and st.rec_six


def test_LB_121_LB_122_boys_locker_room_helps_all_but_the_leaders():
    """LB-121/122: +1 Love to each Girl in the room without (a share of) the most Love."""
    st = make_state(hero="Boy's Locker Room", love=[6, 6, 4, 2, 3],
                    gloc=["Boy's Locker Room", "Boy's Locker Room", "Boy's Locker Room",
                          "Boy's Locker Room", "Gym"])
    start(st, flow.room_action(st, 0, room("Boy's Locker Room")))
    assert st.love == [6, 6, 5, 3, 3]


def test_LB_123_LB_125_LB_126_cafeteria_food_fight_choices():
    """LB-123: one of three choices; LB-125: -2 to one Girl; LB-126: +1 one, -1 another."""
    gloc = ["Cafeteria", "Cafeteria", "Gym", "Library", "Pool"]
    st = make_state(hero="Cafeteria", gloc=gloc)
    d = start(st, flow.room_action(st, 0, room("Cafeteria")))
    kinds = {o[0] for o in d.options}
    assert kinds == {"get_out", "wrong_target", "involved"}
    GAME.apply(st, ("wrong_target", SAKIKO))
    assert st.love[SAKIKO] == 1
    st = make_state(hero="Cafeteria", gloc=gloc)
    drive(st, flow.room_action(st, 0, room("Cafeteria")), ("involved", AIKA, SAKIKO))
    assert st.love[AIKA] == 4 and st.love[SAKIKO] == 2


def test_LB_124_cafeteria_get_out_moves_and_uses_the_new_rooms_action():
    """LB-124: the Hero and a Girl go to another Hallway room and use its Room Action."""
    st = make_state(hero="Cafeteria", gloc=["Cafeteria", "Art", "Art", "Library", "Pool"],
                    rng=FixedDie(4))
    d = start(st, flow.room_action(st, 0, room("Cafeteria")))
    targets = {o[2] for o in d.options if o[0] == "get_out"}
    assert targets == set(R.hall_rooms) - {room("Cafeteria")}
    GAME.apply(st, ("get_out", AIKA, room("Gym")))
    assert st.hero == room("Gym") and st.gloc[AIKA] == room("Gym")
    assert st.pending.kind == "love_up"                          # Gym TEST 4: NOT BAD!
    GAME.apply(st, ("girl", AIKA))
    assert st.love[AIKA] == 4
    assert room("Gym") in st.rec_rooms and room("Cafeteria") in st.rec_rooms


def test_LB_127_LB_128_LB_129_entry_hall_cashes_in_a_plot_point():
    """LB-127..129: cash a held Plot Point for its Ki in tokens; the card is discarded."""
    st = make_state(hero="Entry Hall")
    t = pp_index("Time for All of You")
    st.held[0] = [t]
    d = start(st, flow.hero_action(st, 0))
    assert ("room",) in d.options
    GAME.apply(st, ("room",))
    GAME.apply(st, ("cash", t))
    assert st.ki[0] == 7 and st.held[0] == [] and st.cashed[0] == 2
    st = make_state(hero="Entry Hall")
    assert ("room",) not in start(st, flow.hero_action(st, 0)).options


def test_LB_130_LB_131_girls_locker_test_1_gives_head_lump():
    """LB-130/131: Girl's Locker Room TEST 1: the Hero gets Giant Head Lump."""
    st = make_state(hero="Girl's Locker Room", rng=FixedDie(1))
    start(st, flow.room_action(st, 0, room("Girl's Locker Room")))
    assert R.conditions[st.condition].name == "Giant Head Lump"
    assert st.mod_move == 1


def test_LB_132_girls_locker_test_2_to_5_draws_from_a_girl_in_the_room():
    """LB-132: draw 1 card from the deck of one Girl in the room."""
    st = make_state(hero="Girl's Locker Room", rng=FixedDie(3),
                    gloc=["Girl's Locker Room", "Art", "Gym", "Library", "Pool"])
    top = st.decks[AIKA][-1]
    d = start(st, flow.room_action(st, 0, room("Girl's Locker Room")))
    assert d.options == (("girl", AIKA),)
    GAME.apply(st, ("girl", AIKA))
    assert st.hands[0][-1] == top and len(st.hands[0]) == 6


def test_LB_133_girls_locker_test_6_draws_two_and_chooses_a_condition():
    """LB-133: draw 2 from one Girl's deck; Awkward Boner or Spontaneous Nosebleed."""
    st = make_state(hero="Girl's Locker Room", rng=FixedDie(6),
                    gloc=["Girl's Locker Room", "Girl's Locker Room", "Gym", "Library", "Pool"])
    d = start(st, flow.room_action(st, 0, room("Girl's Locker Room")))
    GAME.apply(st, ("girl", SAKIKO))
    d = st.pending
    assert d.kind == "choose_condition"
    names = {R.conditions[o[1]].name for o in d.options}
    assert names == {"Awkward Boner", "Spontaneous Nosebleed"}
    GAME.apply(st, ("condition", R.cond_index["Spontaneous Nosebleed"]))
    assert len(st.hands[0]) == 7 and st.no_seduction


def gym(face):
    st = make_state(hero="Gym", rng=FixedDie(face),
                    gloc=["Gym", "Gym", "Art", "Library", "Pool"])
    return st, start(st, flow.room_action(st, 0, room("Gym")))


def test_LB_134_LB_135_LB_136_LB_137_gym_test_table():
    """LB-134..137: Gym TEST 1 -1 to all present; 2-5 +1 to one; 6 +1 to all present."""
    st, d = gym(1)
    assert st.love == [2, 2, 3, 3, 3]
    for face in (2, 5):
        st, d = gym(face)
        GAME.apply(st, ("girl", SAKIKO))
        assert st.love == [3, 4, 3, 3, 3]
    st, d = gym(6)
    assert st.love == [4, 4, 3, 3, 3]


def test_LB_143_LB_144_occult_studies_transmute():
    """LB-143: spend 1 Ki to draw 2; LB-144: discard 2 to gain 1 Ki."""
    st = make_state(hero="Occult Studies")
    d = drive(st, flow.room_action(st, 0, room("Occult Studies")), ("spend_ki",),
              ("draw", AIKA), ("draw", RIN))
    assert d is None and st.ki[0] == 4 and len(st.hands[0]) == 7
    st = make_state(hero="Occult Studies")
    d = drive(st, flow.room_action(st, 0, room("Occult Studies")), ("discard_two",))
    GAME.apply(st, d.options[0])
    GAME.apply(st, st.pending.options[0])
    assert st.ki[0] == 6 and len(st.hands[0]) == 3


# -- Conditions -----------------------------------------------------------------------------
def test_LB_093_LB_094_LB_095_one_condition_active_player_keeps_one():
    """LB-093: a Condition binds everyone; LB-094: one at a time; LB-095: on a second the
    player whose turn it is keeps one."""
    st = make_state(active=2)
    head = R.cond_index["Giant Head Lump"]
    boner = R.cond_index["Awkward Boner"]
    start(st, flow.gain_condition(st, head, 2))
    assert st.condition == head
    d = start(st, flow.gain_condition(st, boner, 2))
    assert d.player == 2 and set(d.options) == {("keep", head), ("keep", boner)}
    GAME.apply(st, ("keep", boner))
    assert st.condition == boner and st.mod_test == -1 and st.mod_move == 2
    st.active = 3                                              # it binds the next player too
    d = start(st, flow.hero_phase(st, 3))
    assert st.mod_test == -1


def test_LB_096_nurse_removes_the_condition():
    """LB-096: the Nurse's Office Room Action removes the Hero's Condition."""
    st = make_state(hero="Nurse's Office")
    assert ("room",) not in start(st, flow.hero_action(st, 0)).options
    start(st, flow.gain_condition(st, R.cond_index["Giant Head Lump"], 0))
    drive(st, flow.hero_action(st, 0), ("room",))
    assert st.condition == -1 and st.mod_move == 2


def test_LB_023_hero_starts_without_condition():
    """LB-023: five Condition cards; the Hero starts with none."""
    st = make_state()
    assert st.condition == -1 and len(R.conditions) == 5


# -- Plot Points ------------------------------------------------------------------------------
def test_LB_086_LB_087_LB_090_LB_091_claim_one_plot_point_per_turn_refilled_at_once():
    """LB-086: claimable in the Girl Phase (or Hero Phase); LB-087: one per turn;
    LB-090: it goes in front of the player; LB-091: the spot is refilled at once."""
    sn = kind("Aika", "Sweet Nothings")
    butter = [i for i, pp in enumerate(R.plot_points) if pp.title == "Butterflies"]
    st = make_state(gloc=["Entry Hall", "Art", "Gym", "Library", "Pool"],
                    hands=[[sn, sn, sn], [], [], []])
    st.face_up = butter[:2]
    st.pp_deck = [pp_index("Bouncer")]
    d = drive(st, flow.girl_phase(st, 0, -1), ("play", sn))
    assert not any(o[0] == "claim" for o in d.options)           # +1 so far
    GAME.apply(st, ("play", sn))
    d = st.pending
    assert ("claim", butter[0]) in d.options and ("claim", butter[1]) in d.options
    GAME.apply(st, ("claim", butter[0]))
    assert st.held[0] == [butter[0]]
    assert st.face_up == [pp_index("Bouncer"), butter[1]]
    assert not any(o[0] == "claim" for o in st.pending.options)
    GAME.apply(st, ("play", sn))                                 # still qualifies: no claim
    assert not any(o[0] == "claim" for o in st.pending.options)
    GAME.apply(st, ("end",))
    assert start(st, flow.claim_window(st, 0)) is None           # Hero Phase: none either


def test_LB_086_claim_in_the_hero_phase():
    """LB-086: a kick in the Hero Phase qualifies for 'Bouncer', claimed right after."""
    bouncer = pp_index("Bouncer")
    st = make_state(hero="Art", gloc=["Art", "Cafeteria", "Gym", "Library", "Pool"])
    st.face_up = [bouncer]
    d = drive(st, flow.hero_phase(st, 0), ("act_first",), ("kick", AIKA, HALL))
    assert d.kind == "claim" and ("claim", bouncer) in d.options


def test_LB_088_LB_089_only_face_up_cards_done_this_turn():
    """LB-088: only a face-up card can be claimed; LB-089: requirements done this turn."""
    bouncer = pp_index("Bouncer")
    st = make_state(hero="Art", gloc=["Art", "Cafeteria", "Gym", "Library", "Pool"])
    st.face_up = [pp_index("Gym Hero")]
    d = drive(st, flow.hero_phase(st, 0), ("act_first",), ("kick", AIKA, HALL))
    assert d.kind == "hero_move"                                 # Bouncer not face up
    st.face_up = [bouncer]
    st.active = 1
    gen = flow.take_turn(st, 1)                                  # the next turn resets
    start(st, gen)
    assert not st.rec_kick and start(st, flow.claim_window(st, 1)) is None


def test_LB_092_LB_145_time_for_all_of_you():
    """LB-092: title, requirement, Ki; LB-145: 2+ cards of each Girl in hand, 2 Ki."""
    t = pp_index("Time for All of You")
    pp = R.plot_points[t]
    assert (pp.title, pp.requirement, pp.amount, pp.ki) == ("Time for All of You",
                                                            "hand_each_girl", 2, 2)
    st = make_state()
    st.face_up = [t]
    assert flow.claimable(st, 0) == []                           # one card of each
    st.hands[0] = st.hands[0] * 2
    assert flow.claimable(st, 0) == [t]


def test_LB_019_LB_007_plot_point_deck_and_face_up():
    """LB-007: 25 Plot Point cards; LB-019: the rest form the Plot Point deck."""
    st = make_state()
    assert len(R.plot_points) == 25
    assert len(st.face_up) + len(st.pp_deck) == 25


# -- Example Turn ------------------------------------------------------------------------------
def test_LB_146_to_LB_154_victors_example_turn():
    """LB-146..154: Victor's example turn, step by step."""
    jc = kind("Katsumi", "Just Concentrate on These")
    kwink = kind("Katsumi", "Wink")
    sak = kind("Sakiko", "Wink")
    st = make_state(hero="Entry Hall", gloc=["Occult Studies", "Entry Hall", "Gym", "Library",
                                              "Art"],
                    hands=[[sak, jc], [], [], []], love=[3, 8, 3, 3, 3], rng=FixedDie(1))
    st.face_up = []
    st.decks[KATSUMI].append(kwink)
    start(st, flow.take_turn(st, 0))
    GAME.apply(st, ("draw", KATSUMI))     # LB-146, LB-147: Girl Phase first, Katsumi
    assert st.hands[0][-1] == kwink
    assert ("play", jc) not in st.pending.options     # she is not with the Hero yet
    GAME.apply(st, ("move", kwink, room("Entry Hall")))   # LB-148: one move, Hallway skipped
    assert st.gloc[KATSUMI] == st.hero
    assert ("play", jc) in st.pending.options         # LB-149: with Sakiko in the room
    GAME.apply(st, ("move", sak, room("Cafeteria")))  # LB-150: Sakiko away
    GAME.apply(st, ("play", jc))                      # LB-151: +1 Love, off to the Gym
    GAME.apply(st, ("date", room("Gym")))
    assert st.love[KATSUMI] == 4 and st.hero == room("Gym")
    GAME.apply(st, ("end",))                          # LB-152: Hero Phase, Room Action
    GAME.apply(st, ("act_first",))
    GAME.apply(st, ("room",))                         # LB-153: a 1, +1 bonus = 2: NOT BAD!
    assert st.pending.kind == "love_up"
    GAME.apply(st, ("girl", KATSUMI))
    assert st.love[KATSUMI] == 5                      # +2 Love for her this turn
    assert room("Cafeteria") in R.hero_reach[room("Gym")][2]
    GAME.apply(st, ("move", room("Cafeteria")))       # LB-154: two spaces to the Cafeteria
    assert st.hero == room("Cafeteria") and st.gloc[SAKIKO] == room("Cafeteria")
    assert st.pending is None
