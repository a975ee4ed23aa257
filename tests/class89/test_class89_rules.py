"""Class of '89 rules tests on rigged states (checklist IDs C89-xxx in names/docstrings)."""
from __future__ import annotations

import pytest
from c89_helpers import (
    ARTS,
    ATH,
    BOLT,
    BOOKMARK,
    GAVEL,
    GYM,
    HALLWAY,
    HONOR,
    LIBRARY,
    OFFICE,
    PAINT,
    PEP,
    QB,
    SC,
    STAR,
    find_student,
    make_state,
    objective,
    rules,
    solo_state,
    student,
    teacher,
    tile,
)

from simcli.engine import IllegalActionError, RulesError
from simcli.games.class89 import flow, scoring, solo
from simcli.games.class89.rules import GAME, score_state
from simcli.games.class89.state import (
    ANY,
    E_FACE_S,
    E_SIG,
    E_TOK,
    E_TRACK,
    EMPTY,
    ENTRANCE,
    JANITOR,
    STAFF,
    TEACHER,
    TILE,
    TILE1,
    TREASURER,
)
from simcli.games.class89.yearbook import (
    letter_bounds,
    place_card,
    place_tile,
    student_cells,
    tile_fits,
)


def put(R, B, cell, code, **tokens):
    B.photo[cell] = code
    toks = [0, 0, 0, 0, 0]
    for name, n in tokens.items():
        toks[{"gavel": GAVEL, "bookmark": BOOKMARK, "bolt": BOLT, "paint": PAINT,
              "star": STAR}[name]] = n
    B.tok[cell] = toks


# ----------------------------------------------------------------------------- components
def test_C89_001_002_006_component_counts():
    """C89-001 C89-002 C89-006: 78 students, 24 teachers, 24 staff, 24 objectives; tiles 8/12/10/12
    and 24 1x1; 30 solo cards."""
    R = rules(1)
    assert len(R.s_letter) == 78 and len(R.t_icon) == 24 and len(R.st_club) == 24
    assert len(R.objectives) == 24
    assert [R.tl_stack.count(x) for x in "ABCD"] == [8, 12, 10, 12]
    assert R.tile1_count == 24
    assert len(R.solo_loc) + len(R.solo_choice) == 30


def test_C89_038_040_041_locations():
    """C89-038 C89-040 C89-041: five locations, each with a club and a token; Hallway = Pep Squad
    and Bolt."""
    R = rules(4)
    assert R.loc_name == ("office", "library", "hallway", "auditorium", "gym")
    assert R.loc_club[HALLWAY] == PEP and R.loc_token[HALLWAY] == BOLT


def test_C89_014_042_school_filled_and_C89_015_125_superlatives():
    """C89-014 C89-042: every display slot holds a face-up card or tile (5 per location);
    C89-015 C89-125: a Senior Superlative tile gets a student from the student deck."""
    s = make_state(4, blank=False)
    R = s.rules
    for loc in range(5):
        assert len(s.display[loc]) == 5 and EMPTY not in s.display[loc]
        for slot, code in enumerate(s.display[loc]):
            ss = s.display_ss[loc][slot]
            if code >= TILE and R.tl_student[code - TILE]:
                assert 0 <= ss < TEACHER
            else:
                assert ss == EMPTY


def test_C89_010_013_one_objective_per_type_and_C89_011_set_a():
    """C89-010 C89-013: one objective of each type; C89-011: set A is the predefined set;
    C89-012: otherwise one random card per type."""
    s = make_state(3, objective_set="A")
    names = [s.rules.objectives[o]["name"] for o in s.objectives]
    assert names == ["AP Government", "Study Group", "Preppies", "Theater Kids",
                     "Team Captains", "Perfect Attendance"]
    for seed in range(20):
        s = make_state(3, seed=seed, objective_set="random")
        assert sorted(s.rules.objectives[o]["type"] for o in s.objectives) == list(range(6))


# ----------------------------------------------------------------------------- setup
def test_C89_030_031_starting_signatures_by_turn_order():
    """C89-030 C89-031: 4 players 1/1/2/3, 3 players 1/2/3 by turn order."""
    assert [b.sigs for b in make_state(4).boards] == [1, 1, 2, 3]
    assert [b.sigs for b in make_state(3).boards] == [1, 2, 3]


def test_start_signatures_is_a_rules_parameter():
    s = make_state(4, start_signatures={"4": [0, 1, 2, 3]})
    assert [b.sigs for b in s.boards] == [0, 1, 2, 3]
    with pytest.raises(RulesError) as e:
        rules(4, start_signatures={"4": [1, 2]})
    assert e.value.key == "start_signatures.4"
    with pytest.raises(RulesError):
        rules(3, solo_difficulty="brutal")


def test_C89_016_no_janitors_in_4_players_C89_017_018_019_janitors_in_3():
    """C89-016: no janitors with 4 players; C89-017 C89-018 C89-019: in 2-3 player games janitors
    occupy spaces at their club's location and block them."""
    s = make_state(4)
    assert not s.janitors and all(x != JANITOR for row in s.spaces for x in row)
    s = make_state(3)
    assert len(s.janitors) == 3
    assert len({loc for loc, _ in s.janitors}) == 3
    for loc, k in s.janitors:
        assert s.spaces[loc][k] == JANITOR
        assert all(o[1] != loc or o[2] != k for o in flow.place_options(s, 0))


def test_C89_020_021_022_two_player_janitor_spaces():
    """C89-020 C89-021 C89-022: 2 players: janitors 1-2 on free spaces, 3-4 on single-signature
    spaces, 5 on the two-signature space."""
    for seed in range(5):
        s = make_state(2, seed=seed)
        assert [k for _, k in s.janitors] == [0, 0, 1, 1, 2]
        assert sorted(loc for loc, _ in s.janitors) == [0, 1, 2, 3, 4]


def test_C89_084_starting_teacher_top_left_and_C89_023_025_sides():
    """C89-084: the starting teacher is in the top left space; C89-025: each player
    chooses a column completion board side at setup."""
    s = make_state(3, blank=False)
    for B in s.boards:
        assert B.photo[0] >= TEACHER
    GAME_state = GAME.setup(3, rules(3), __import__("random").Random(1))
    d = GAME.decision(GAME_state)
    assert d.kind == "side" and d.options == ("A", "B")


# ----------------------------------------------------------------------------- turn
def test_C89_043_045_047_048_placement_costs_and_revisits():
    """C89-043 C89-047 C89-048: spaces cost 0/1/2 signatures and need them; C89-045: no second
    visit to a location; C89-046 C89-049: the Treasurer revisits and ignores costs."""
    s = make_state(4)
    B = s.boards[0]
    B.sigs = 1
    opts = flow.place_options(s, 0)
    assert (0, OFFICE, 0) in opts and (0, OFFICE, 1) in opts and (0, OFFICE, 2) not in opts
    assert (TREASURER, OFFICE, 2) in opts
    flow.apply_place(s, 0, (0, OFFICE, 1))
    assert B.sigs == 0 and s.spaces[OFFICE][1] == 0
    B.used[0] = True
    opts = flow.place_options(s, 0)
    assert not any(loc == OFFICE and m != TREASURER for m, loc, _ in opts)
    assert (TREASURER, OFFICE, 2) in opts
    assert all(k == 0 for m, loc, k in opts if m != TREASURER and loc != ENTRANCE)


def test_C89_050_066_067_068_school_entrance_always_available():
    """C89-050 C89-066 C89-067 C89-068: the School Entrance needs no signature and can be visited by
    any number of team members."""
    s = make_state(4)
    B = s.boards[0]
    B.sigs = 0
    for m in (0, 1, 2):
        assert (m, ENTRANCE, 0) in flow.place_options(s, 0)
        B.used[m] = True
    assert (TREASURER, ENTRANCE, 0) in flow.place_options(s, 0)


def test_C89_065_069_070_entrance_actions():
    """C89-065: the Entrance gives a 1x1 tile and 2 signatures; C89-069: an Editor there
    raises the Honor Society track; C89-070: a Designer takes any token."""
    s = make_state(4)
    B = s.boards[0]
    B.sigs = 0
    flow.apply_place(s, 0, (0, ENTRANCE, 0))
    opts = flow.action_options(s)
    assert "main" in opts and "ability" in opts and "end" not in opts
    flow.apply_action(s, "main")
    d = flow.advance(s)
    assert d.kind == "tile1"
    flow.apply(s, 0)
    flow.advance(s)
    assert B.sigs == 2 and B.tile1s == 1
    flow.apply(s, "ability")
    flow.advance(s)
    assert B.tracks[HONOR] == 1
    s2 = make_state(4)
    flow.apply_place(s2, 0, (1, ENTRANCE, 0))
    flow.apply_action(s2, "ability")
    d = flow.advance(s2)
    assert d.kind == "token_type" and d.options == (0, 1, 2, 3, 4)
    assert s2.boards[0].sigs == 2  # Designer's signature


def test_C89_053_077_main_action_only_placeable_items():
    """C89-053 C89-054 C89-077: the main action takes an item that can be placed now; a student
    who cannot go in alphabetical order is not offered."""
    s = make_state(4)
    R = s.rules
    B = s.boards[0]
    B.abc = 0
    B.photo[0] = teacher(R, "Mr. Jensen")
    for cell in range(1, 20):
        B.photo[cell] = find_student(R, letter="M") if cell < 19 else EMPTY
    B.photo[18] = find_student(R, letter="M")
    B.photo[19] = EMPTY
    a = find_student(R, letter="A")
    z = find_student(R, letter="Z")
    s.display[OFFICE] = [a, z, EMPTY, EMPTY, EMPTY]
    flow.apply_place(s, 0, (0, OFFICE, 0))
    takes = [o for o in flow.action_options(s) if isinstance(o, tuple) and o[0] == "take"]
    assert takes == [("take", 1, 19, 0)]


def test_C89_055_056_059_061_signature_and_member_actions():
    """C89-055: 1 signature for the location's token; C89-056: or wipe and refill it, only
    one of the two; C89-058 C89-059: Editor steps the location's track, Designer takes a
    signature and the token."""
    s = make_state(4)
    B = s.boards[0]
    B.sigs = 3
    flow.apply_place(s, 0, (1, LIBRARY, 0))
    opts = flow.action_options(s)
    assert "sig_token" in opts and "sig_refresh" in opts and "ability" in opts
    before = list(s.display[LIBRARY])
    flow.apply_action(s, "sig_refresh")
    assert B.sigs == 2
    assert s.display[LIBRARY] != before
    opts = flow.action_options(s)
    assert "sig_token" not in opts and "sig_refresh" not in opts
    flow.apply_action(s, "ability")
    d = flow.advance(s)
    assert d.kind == "token" and s.ctx == BOOKMARK and B.sigs == 3
    s2 = make_state(4)
    flow.apply_place(s2, 0, (0, GYM, 0))
    flow.apply_action(s2, "ability")
    flow.advance(s2)
    assert s2.boards[0].tracks[ATH] == 1


def test_C89_060_photographer_takes_an_extra_student():
    """C89-060: the Photographer takes a student in addition to the main action."""
    s = make_state(4)
    R = s.rules
    B = s.boards[0]
    B.photo[0] = teacher(R, "Mr. Jensen")
    a, b = find_student(R, letter="C"), find_student(R, letter="K")
    s.display[OFFICE][0:2] = [a, b]
    flow.apply_place(s, 0, (2, OFFICE, 0))
    opts = flow.action_options(s)
    assert ("photo", 0, 5, 0) in opts and ("take", 0, 5, 0) in opts
    flow.apply_action(s, ("take", 0, 3, 0))
    flow.advance(s)
    flow.apply_action(s, ("photo", 1, 9, 0))
    assert B.photo[3] == a and B.photo[9] == b
    assert s.display[OFFICE][0] == EMPTY and s.display[OFFICE][1] == EMPTY


def test_C89_033_034_035_turns_and_members_per_round():
    """C89-032 C89-033 C89-034 C89-035 C89-151: 4 rounds, 3 turns each, clockwise; one team member
    unused per round."""
    s = make_state(3, blank=False)
    seen = []
    used_after_round = []
    while (d := GAME.decision(s)) is not None:
        if d.kind == "place":
            seen.append((s.round, d.player))
        if s.phase == "round_end":
            used_after_round.append([sum(B.used) for B in s.boards])
        GAME.apply(s, d.options[-1])
    assert len(seen) == 4 * 3 * 3
    firsts = [seen[r * 9][1] for r in range(4)]
    assert firsts == [0, 1, 2, 0]  # C89-160 first player rotates clockwise
    assert [p for _, p in seen[:9]] == [0, 1, 2] * 3


# ----------------------------------------------------------------------------- students
def test_C89_074_075_076_alphabetical_with_wrap():
    """C89-074: students in alphabetical order within a class (same letters may sit
    together); C89-075: order wraps from a row's end to the next row; C89-076: gaps
    allowed."""
    R = rules(4)
    s = make_state(4)
    B = s.boards[0]
    B.photo[0] = teacher(R, "Mr. Jensen")
    g = find_student(R, letter="G")
    t = find_student(R, letter="T")
    B.photo[3] = g
    B.photo[7] = t  # second row: same class (wraps)
    cells_k = student_cells(R, B, find_student(R, letter="K"))
    assert cells_k == [4, 5, 6]
    assert student_cells(R, B, find_student(R, letter="B")) == [1, 2]
    assert student_cells(R, B, find_student(R, letter="G", exclude=(g,))) == [1, 2, 4, 5, 6]
    assert student_cells(R, B, find_student(R, letter="Z"))[0] == 8


def test_C89_082_086_teachers_start_classes_and_adopt_students():
    """C89-082: a teacher starts a new class and resets the alphabet; C89-085 C89-086: a
    teacher can go anywhere, also before placed students, who join the class."""
    R = rules(4)
    s = make_state(4)
    B = s.boards[0]
    B.photo[0] = teacher(R, "Mr. Jensen")
    B.photo[2] = find_student(R, letter="P")
    B.photo[9] = find_student(R, letter="W")
    a = find_student(R, letter="A")
    assert student_cells(R, B, a) == [1]
    place_card(R, B, 5, teacher(R, "Mr. Hawke"))  # before the W student
    classes = scoring.classes(R, B)
    assert [(t, [c for c in cells if B.photo[c] != EMPTY]) for t, cells in classes] == [
        (0, [2]), (5, [9])]
    assert student_cells(R, B, a) == [1, 6, 7, 8]


def test_C89_079_080_half_icon_matches_and_class_example():
    """C89-279 (Dana G's icons) C89-285 C89-286 C89-287 C89-288 C89-289 Class Example: LaPorte,
    Julie B, (gap), Sean H;
    Miguelito P matches
    Student Council with Sean H; Heather Y after a gap; Ms. Boudreau starts a class in
    the second row; Mariah D matches Athletics, Jennifer S matches Pep Squad across the
    row wrap (C89-080), Tony A matches Boudreau's Pep Squad (C89-089); filling the top
    row gives a Bolt token (C89-091)."""
    R = rules(3)
    s = make_state(3)
    B = s.boards[0]
    assert place_card(R, B, 0, teacher(R, "Mr. LaPorte")) == []
    assert place_card(R, B, 1, student(R, "Julie B")) == []
    assert place_card(R, B, 3, student(R, "Sean H")) == []
    assert place_card(R, B, 4, student(R, "Miguelito P")) == [(E_TRACK, SC)]
    assert 6 in student_cells(R, B, student(R, "Heather Y"))
    assert place_card(R, B, 6, student(R, "Heather Y")) == []
    assert place_card(R, B, 7, teacher(R, "Ms. Boudreau")) == []
    assert 2 in student_cells(R, B, student(R, "Mariah D"))
    assert place_card(R, B, 2, student(R, "Mariah D")) == [(E_TRACK, ATH), (E_TOK, BOLT)]
    assert 5 in student_cells(R, B, student(R, "Jennifer S"))
    assert place_card(R, B, 5, student(R, "Jennifer S")) == [(E_TRACK, PEP)]
    tony = student(R, "Tony A")
    assert 8 in student_cells(R, B, tony) and 5 not in student_cells(R, B, tony)
    assert place_card(R, B, 8, tony) == [(E_TRACK, PEP)]
    assert R.t_icon[R.t_name.index("Mr. LaPorte")] == QB  # C89-280
    assert (R.s_left[student(R, "Dana G")], R.s_right[student(R, "Dana G")]) == (SC, PEP)


def test_C89_177_no_half_icons_variant():
    """C89-177: with half-icons ignored no pair advances a track; C89-178 C89-179: half-icon
    teachers and the Prom tile leave the decks."""
    R = rules(3, half_icons=False)
    s = make_state(3, half_icons=False)
    B = s.boards[0]
    place_card(R, B, 3, student(R, "Sean H"))
    assert place_card(R, B, 4, student(R, "Miguelito P")) == []
    all_teachers = set(s.decks["teacher"]) | {c - TEACHER for row in s.display for c in row
                                               if TEACHER <= c < STAFF}
    assert not all_teachers & set(R.icon_teachers)
    assert tile(R, "Prom") not in s.decks["A"]


def test_C89_091_092_row_and_column_bonuses():
    """C89-091 C89-092: completing a row or column gains its bonus once."""
    R = rules(4)
    s = make_state(4)
    B = s.boards[0]
    B.side = 0
    for c in (0, 5, 10):
        B.photo[c] = find_student(R, letter="A")
    eff = place_card(R, B, 15, find_student(R, letter="B"))
    assert eff[-len(R.col_bonus[0][0]):] == list(R.col_bonus[0][0])
    B.photo[16:19] = [find_student(R, letter="C")] * 3
    eff = place_card(R, B, 19, find_student(R, letter="D"))
    assert list(R.row_bonus[3]) == eff[-len(R.row_bonus[3]):]


def test_C89_093_094_row_bonus_draw_three_keep_up_to_one():
    """C89-093 C89-094: draw 3 students, keep up to 1, the others go to the bottom."""
    s = make_state(4)
    R = s.rules
    B = s.boards[0]
    B.photo[0] = teacher(R, "Mr. Jensen")
    top3 = s.decks["student"][-3:]
    s.queue.append((4, 0, 0))  # E_DRAW_S
    d = flow.advance(s)
    assert d.kind == "keep" and "none" in d.options
    i, cell, _ = d.options[0]
    flow.apply(s, d.options[0])
    assert B.photo[cell] == list(reversed(top3))[i]
    assert s.decks["student"][:2] == [c for j, c in enumerate(reversed(top3)) if j != i]


def test_C89_096_097_142_143_faceup_student_bonus():
    """C89-096: take any face-up student from any location; C89-097 C89-143: lost when none
    can be placed."""
    s = make_state(4)
    R = s.rules
    B = s.boards[0]
    B.photo[0] = teacher(R, "Mr. Jensen")
    s.queue.append((E_FACE_S, 0, 0))
    d = flow.advance(s)
    locs = {o[0] for o in d.options if o != "none"}
    assert locs == {0, 1, 2, 3, 4}
    s2 = make_state(4)
    B2 = s2.boards[0]
    B2.abc = 0
    B2.photo[:] = [teacher(R, "Mr. Jensen")] * 20
    s2.queue.append((E_FACE_S, 0, 0))
    d = flow.advance(s2)
    assert d.kind == "place"  # the bonus was lost


def test_C89_099_100_101_102_abc_token():
    """C89-099 C89-100: once per game the ABC token places a student out of order, covering
    its letter; C89-101: it is not one of the 4 tokens; C89-102: unused = 2 points."""
    s = make_state(4)
    R = s.rules
    B = s.boards[0]
    B.photo[0] = teacher(R, "Mr. Jensen")
    B.photo[1] = find_student(R, letter="T")
    a = find_student(R, letter="A")
    s.display[OFFICE][0] = a
    flow.apply_place(s, 0, (0, OFFICE, 0))
    opts = flow.action_options(s)
    assert ("take", 0, 2, 1) in opts and ("take", 0, 2, 0) not in opts
    assert scoring.breakdown(R, B, 0)["abc"] == 2
    flow.apply_action(s, ("take", 0, 2, 1))
    assert B.abc == 0 and B.abc_cells == [2]
    assert scoring.breakdown(R, B, 0)["abc"] == 0
    pre, suf = letter_bounds(R, B)
    assert pre[3] == R.s_letter[B.photo[1]]  # the covered letter does not count
    opts = flow.action_options(s)
    assert not any(isinstance(o, tuple) and o[3] == 1 for o in opts)


# ----------------------------------------------------------------------------- tokens
def test_C89_104_105_106_107_token_limits():
    """C89-104: a token goes on a student (or superlative) or into storage; C89-105: max 4
    per student; C89-106: storage holds 2; C89-107: no room: discarded."""
    s = make_state(4)
    R = s.rules
    B = s.boards[0]
    B.photo[0] = teacher(R, "Mr. Jensen")
    put(R, B, 1, find_student(R, letter="B"), star=4)
    put(R, B, 2, find_student(R, letter="C"), star=3)
    B.ss.append([tile(R, "Rising Star"), find_student(R, letter="Q"), [0, 0, 0, 0, 0]])
    s.queue.append((E_TOK, 0, GAVEL))
    d = flow.advance(s)
    assert d.options == (2, 100, "store", "discard")
    flow.apply(s, "store")
    B.storage.append(STAR)
    s.queue.append((E_TOK, 0, GAVEL))
    d = flow.advance(s)
    assert "store" not in d.options and ("swap", STAR, 2) in d.options
    B.tok[2] = [0, 0, 0, 0, 4]
    B.ss[0][2] = [4, 0, 0, 0, 0]
    flow.apply(s, "discard")
    s.queue.append((E_TOK, 0, GAVEL))
    assert flow.advance(s).kind == "place"  # no room at all: discarded


def test_C89_108_109_110_moving_tokens():
    """C89-108: stored tokens move onto students during your turn; C89-109 C89-110: 2
    signatures move a token between students, within the 4-token limit."""
    s = make_state(4)
    R = s.rules
    B = s.boards[0]
    B.sigs = 2
    B.photo[0] = teacher(R, "Mr. Jensen")
    put(R, B, 1, find_student(R, letter="B"), paint=1)
    put(R, B, 2, find_student(R, letter="C"), star=4)
    B.storage = [GAVEL]
    flow.apply_place(s, 0, (0, ENTRANCE, 0))
    opts = flow.action_options(s)
    assert ("store", GAVEL) in opts and "move" in opts
    flow.apply_action(s, ("store", GAVEL))
    d = flow.advance(s)
    assert d.kind == "store_to" and d.options == (1,)
    flow.apply(s, 1)
    assert B.tok[1] == [1, 0, 0, 1, 0] and B.storage == []
    flow.apply_action(s, "move")
    d = flow.advance(s)
    assert d.kind == "move_from" and (2, STAR) in d.options
    flow.apply(s, (2, STAR))
    d = flow.advance(s)
    assert d.options == (1,)
    flow.apply(s, 1)
    assert B.sigs == 0 and B.tok[2][STAR] == 3 and B.tok[1][STAR] == 1


def test_C89_139_tokens_and_tiles_are_optional():
    """C89-139: gained tokens and 1x1 tiles may be declined."""
    s = make_state(4)
    s.queue.append((E_TOK, 0, GAVEL))
    assert "discard" in flow.advance(s).options
    s.pending = None
    s.queue.append((3, 0, 0))  # E_TILE1
    assert "discard" in flow.advance(s).options


# ----------------------------------------------------------------------------- tiles
def test_C89_113_114_115_116_tile_fit_rules():
    """C89-113: no rotation; C89-114: anywhere it fits; C89-115: no overlap; C89-116:
    fully within the grid."""
    R = rules(4)
    s = make_state(4)
    B = s.boards[0]
    vertical = tile(R, "Rising Star")  # 1 wide, 2 high
    assert tile_fits(R, B, vertical) == [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]
    homecoming = tile(R, "Homecoming")  # 2x2
    assert len(tile_fits(R, B, homecoming)) == 9
    place_tile(R, B, homecoming, R.tl_cells[homecoming][5])  # rows 1-2, cols 1-2
    fits = tile_fits(R, B, homecoming)
    assert fits == []  # every 2x2 position overlaps the centre
    assert 3 in tile_fits(R, B, vertical) and 1 not in tile_fits(R, B, vertical)
    assert all(not set(R.tl_cells[vertical][p]) & {5, 6, 9, 10} for p in tile_fits(R, B, vertical))


def test_C89_117_tile_that_does_not_fit_is_not_offered():
    """C89-117: a tile that cannot fit cannot be taken."""
    s = make_state(4)
    R = s.rules
    B = s.boards[0]
    for j in range(16):
        if j != 0:
            place_tile(R, B, TILE1, (j,))
    s.display[OFFICE][4] = TILE + tile(R, "Homecoming")
    flow.apply_place(s, 0, (0, OFFICE, 0))
    assert not any(isinstance(o, tuple) and o[1] == 4 for o in flow.action_options(s))


def test_C89_118_119_129_tile_bonuses_and_halves():
    """C89-121 1x1 = 1 point, C89-130 a half = 2 points; C89-118: covered icons are gained;
    C89-119: the tile's bonuses too; C89-129:
    completing a half steps its club track."""
    R = rules(4)
    s = make_state(4)
    B = s.boards[0]
    d_tile = next(i for i, n in enumerate(R.tl_name) if R.tl_stack[i] == "D"
                  and R.tl_cells[i].get(0) == (0, 1))
    eff = place_tile(R, B, d_tile, (0, 1))
    assert eff == list(R.grid_icons[0] + R.grid_icons[1] + R.tl_eff[d_tile])
    for j in (2, 3, 4, 5, 6):
        place_tile(R, B, TILE1, (j,))
    eff = place_tile(R, B, TILE1, (7,))
    assert (E_TRACK, R.halves[0][1]) in eff and B.halves_done == 1
    assert scoring.wildcat_score(R, B) == 6 * 1 + 2


def test_C89_122_tile1_lost_when_grid_full():
    """C89-122: a 1x1 tile with a full grid is discarded."""
    s = make_state(4)
    R = s.rules
    B = s.boards[0]
    for j in range(16):
        place_tile(R, B, TILE1, (j,))
    s.queue.append((3, 0, 0))
    assert flow.advance(s).kind == "place"


def test_C89_126_127_128_senior_superlative():
    """C89-126 C89-127 C89-128: the tile's student comes along, is in no class, takes tokens."""
    s = make_state(4)
    R = s.rules
    B = s.boards[0]
    rs = tile(R, "Rising Star")
    s.display[LIBRARY][4] = TILE + rs
    s.display_ss[LIBRARY][4] = 7
    flow.apply_place(s, 0, (0, LIBRARY, 0))
    flow.apply_action(s, ("take", 4, 0, 0))
    assert B.ss == [[rs, 7, [0, 0, 0, 0, 0]]]
    assert 7 not in B.photo
    s.pending = None
    s.queue.append((E_TOK, 0, STAR))
    assert 100 in flow.advance(s).options


# ----------------------------------------------------------------------------- staff / tracks
def test_C89_131_132_134_staff_and_band_director():
    """C89-132: at most 4 staff; C89-134 C89-292: the Band Director gives a signature, 2 Paint
    and a Fine Arts step."""
    s = make_state(4)
    R = s.rules
    B = s.boards[0]
    bd = R.st_name.index("Band Director")
    assert R.st_eff[bd] == ((E_SIG, 1), (E_TOK, PAINT), (E_TOK, PAINT), (E_TRACK, ARTS))
    B.staff = [1, 2, 3]
    s.display[OFFICE][3] = STAFF + bd
    flow.apply_place(s, 0, (0, OFFICE, 0))
    assert ("take", 3, -1, 0) in flow.action_options(s)
    B.staff.append(4)
    assert ("take", 3, -1, 0) not in flow.action_options(s)


def test_C89_135_staff_score_by_distinct_icons():
    """C89-135 C89-312: staff score by different club icons (2 icons = 3 points)."""
    R = rules(4)
    s = make_state(4)
    B = s.boards[0]
    hs = [i for i, c in enumerate(R.st_club) if c == HONOR]
    qb = [i for i, c in enumerate(R.st_club) if c == QB]
    B.staff = [hs[0], qb[0], qb[1]]
    assert scoring.staff_score(R, B) == 3


def test_C89_140_141_144_145_track_bonuses():
    """C89-140: the reached spot's bonus at once; C89-141: Honor Society 2nd spot = any
    token; C89-142: 4th spot = any face-up student; C89-144: top = 5 points; C89-145:
    beyond the top, a signature."""
    s = make_state(4)
    R = s.rules
    B = s.boards[0]
    B.photo[0] = teacher(R, "Mr. Jensen")
    flow.advance_track(s, 0, HONOR)
    assert s.queue[-1] == (E_SIG, 0, 1)
    s.queue.clear()
    flow.advance_track(s, 0, HONOR)
    assert s.queue[-1] == (E_TOK, 0, ANY)
    s.queue.clear()
    B.tracks[HONOR] = 3
    flow.advance_track(s, 0, HONOR)
    assert s.queue[-1] == (E_FACE_S, 0, 0)
    s.queue.clear()
    B.tracks[HONOR] = R.track_len
    sigs = B.sigs
    flow.advance_track(s, 0, HONOR)
    assert B.sigs == sigs + 1 and B.tracks[HONOR] == R.track_len and not s.queue
    assert scoring.tracks_score(R, B) == 5


def test_C89_120_each_track_has_a_tile1():
    """C89-120: each club track gives a single 1x1 tile."""
    R = rules(4)
    for club in range(6):
        assert sum(1 for spot in R.track_rewards[club] for e in spot if e[0] == 3) == 1


# ----------------------------------------------------------------------------- round end
def _finish_turns(s):
    s.turn = s.rules.turns_per_round * s.rules.seats
    s.phase = "turn"
    s.pending = None


def test_C89_152_153_154_majority_rewards():
    """C89-152: the single highest on a track takes a signature or its token; C89-153:
    Honor Society gives a signature or any token; C89-154: ties give nothing."""
    s = make_state(3)
    B0, B1, B2 = s.boards
    B0.tracks[PEP] = 2
    B1.tracks[PEP] = 1
    B1.tracks[ATH] = 2
    B2.tracks[ATH] = 2
    B2.tracks[HONOR] = 1
    _finish_turns(s)
    d = flow.advance(s)
    assert (d.kind, d.player, d.options, s.ctx) == ("majority", 0, ("sig", "token"), PEP)
    flow.apply(s, "token")
    d = flow.advance(s)
    assert d.kind == "token" and s.ctx == BOLT
    flow.apply(s, "discard")
    d = flow.advance(s)
    assert (d.kind, d.player, s.ctx) == ("majority", 2, HONOR)
    flow.apply(s, "token")
    assert flow.advance(s).kind == "token_type"


def test_C89_155_156_157_158_160_162_end_of_round_steps():
    """C89-155: team members return; C89-156: empty spaces refill; C89-158 C89-159: janitors
    move right keeping their cost space; C89-160: first player rotates; C89-162: round
    advances."""
    s = make_state(3)
    s.spaces[OFFICE][0] = 1
    s.display[LIBRARY][0] = EMPTY
    jan = [tuple(j) for j in s.janitors]
    _finish_turns(s)
    while s.round == 1:
        d = flow.advance(s)
        flow.apply(s, d.options[0]) if s.round == 1 else None
    assert s.spaces[OFFICE][0] in (EMPTY, JANITOR)
    assert s.display[LIBRARY][0] != EMPTY
    assert [tuple(j) for j in s.janitors] == [((loc + 1) % 5, k) for loc, k in jan]
    for loc, k in s.janitors:
        assert s.spaces[loc][k] == JANITOR
    assert s.first == 1 and s.round == 2


def test_C89_157_161_winter_break_and_two_player_first_player():
    """C89-157: after round 2 the whole school is wiped; C89-161: with 2 players the first
    player changes only then."""
    s = make_state(2)
    _finish_turns(s)
    flow.advance(s)
    assert s.first == 0 and s.round == 2
    before = [list(row) for row in s.display]
    _finish_turns(s)
    flow.advance(s)
    assert s.first == 1 and s.round == 3
    assert all(a != b for a, b in zip(before, s.display, strict=True))


def test_C89_037_game_ends_after_round_four_rewards():
    """C89-036 C89-037: after round 4 the majority rewards are taken, then the game ends."""
    s = make_state(4)
    s.round = 4
    s.boards[1].tracks[GAVEL] = 1
    _finish_turns(s)
    d = flow.advance(s)
    assert d.kind == "majority"
    flow.apply(s, "sig")
    assert flow.advance(s) is None and s.round == 4


# ----------------------------------------------------------------------------- scoring
def test_C89_164_165_166_167_168_294_objective_places_and_ties():
    """C89-294: 4 players, two tied 1st score (18+12)/2 = 15 each, next scores 3rd (6);
    C89-164 C89-165 C89-166 the tables; C89-167 round up; C89-168 places used by a tie."""
    assert scoring.rank_points([5, 5, 3, 1], 1, (18, 12, 6, 2)) == [15, 15, 6, 2]
    assert scoring.rank_points([4, 3, 2], 1, (16, 10, 4)) == [16, 10, 4]
    assert scoring.rank_points([4, 4], 1, (14, 6)) == [10, 10]
    assert scoring.rank_points([4, 3, 3], 1, (16, 10, 4)) == [16, 7, 7]
    assert scoring.rank_points([2, 2, 2], 1, (16, 10, 4)) == [10, 10, 10]
    assert scoring.rank_points([1, 2, 2, 2], 1, (18, 12, 6, 2)) == [2, 12, 12, 12]
    assert scoring.rank_points([3, 3], 1, (14, 6, 0)) == [10, 10]


def test_C89_147_min_required():
    """C89-147: below MIN scores nothing; C89-296: just meeting MIN in 3rd scores 4."""
    assert scoring.rank_points([3, 5, 4], 3, (16, 10, 4)) == [4, 16, 10]
    assert scoring.rank_points([2, 5, 4], 3, (16, 10, 4)) == [0, 16, 10]


def test_C89_174_175_176_objective_variants():
    """C89-174: casual objectives: 10 points at MIN; C89-175 C89-176: T1/T2 replace MIN."""
    R = rules(3, objective_mode="casual", objective_threshold="t1")
    s = make_state(3, objective_mode="casual", objective_threshold="t1")
    assert R.casual_points == 10
    o = objective(R, "Team Captains")
    B = s.boards[0]
    B.photo[0] = teacher(R, "Mr. Jensen")
    put(R, B, 1, find_student(R, letter="A"), star=3)
    oid = R.objectives.index(o)
    pts, vals = scoring.objective_scores(R, s.boards, [oid])
    assert vals == [[1, 0, 0]] and pts == [0, 0, 0]  # T1 = 2
    put(R, B, 2, find_student(R, letter="B"), star=4)
    pts, _ = scoring.objective_scores(R, s.boards, [oid])
    assert pts == [10, 0, 0]


def test_C89_149_150_tokens_counted_each_students_once():
    """C89-149: token objectives count every token; C89-150: student objectives count a
    student once."""
    R = rules(3)
    s = make_state(3)
    B = s.boards[0]
    B.photo[0] = teacher(R, "Mr. Jensen")
    put(R, B, 1, find_student(R, letter="A"), gavel=3)
    put(R, B, 2, find_student(R, letter="B"), gavel=1)
    assert scoring.measure(R, B, objective(R, "Student Body")) == 4
    assert scoring.measure(R, B, objective(R, "AP Government")) == 2


def test_C89_317_to_322_objective_examples():
    """C89-317 Class Reps: best column; C89-318 Band Geeks: orthogonal connection, no
    wrap; C89-319 Teacher's Pet; C89-321 Popular Kids; C89-322 Alphabetical: a run of 6
    counts once; C89-293 The Clique: Bolt tokens in a row."""
    R = rules(3)
    s = make_state(3)
    B = s.boards[0]
    B.photo[0] = teacher(R, "Mr. Jensen")
    letters = "ANOPQRS"
    for c in range(1, 7):
        put(R, B, c, find_student(R, letter=letters[c]))
    assert scoring.measure(R, B, objective(R, "Alphabetical")) == 1
    put(R, B, 4, find_student(R, letter="Q"), paint=1)  # row 0 end
    put(R, B, 5, find_student(R, letter="R"), paint=1)  # row 1 start: wrap only
    assert scoring.measure(R, B, objective(R, "Band Geeks")) == 1
    put(R, B, 6, find_student(R, letter="S"), paint=1)  # under cell 1? no: cell 6 = r1c1
    put(R, B, 1, find_student(R, letter="N"), paint=1, gavel=2)
    assert scoring.measure(R, B, objective(R, "Band Geeks")) == 3  # 1-6 and 5-6
    put(R, B, 11, find_student(R, letter="T"), gavel=3)
    assert scoring.measure(R, B, objective(R, "Class Reps")) == 5  # column 1: 2 + 3
    put(R, B, 2, find_student(R, letter="O"), bookmark=2)
    B.photo[7] = teacher(R, "Mr. Hawke")
    assert scoring.measure(R, B, objective(R, "Teacher's Pet")) == 2
    put(R, B, 2, find_student(R, letter="O"), bolt=3)
    assert scoring.measure(R, B, objective(R, "Popular Kids")) == 3  # next to N's Gavel
    assert scoring.measure(R, B, objective(R, "The Clique")) == 3


def _green_yearbook():
    """The Endgame Scoring Example's Green yearbook (3 players, set A)."""
    R = rules(3, objective_set="A")
    s = make_state(3, objective_set="A")
    B = s.boards[0]
    ex = set()

    def pick(**kw):
        x = find_student(R, exclude=ex, **kw)
        ex.add(x)
        return x
    # Coach LaFountain (Athletics): 2 Athletics pairs, a gap at cell 4
    c1 = pick(left=ATH, where=lambda x: R.s_letter[x] <= 5)
    c2 = pick(right=ATH, where=lambda x: R.s_letter[x] >= R.s_letter[c1]
              and not (R.s_right[c1] == ATH and R.s_left[x] == ATH) and R.s_letter[x] <= 12)
    c3 = pick(left=ATH, where=lambda x: R.s_letter[x] >= R.s_letter[c2] and R.s_letter[x] <= 20)
    c5 = pick(where=lambda x: R.s_letter[x] >= R.s_letter[c3])
    put(R, B, 0, teacher(R, "Coach LaFountain"))
    put(R, B, 1, c1, gavel=1, bolt=1, bookmark=1)
    put(R, B, 2, c2, gavel=1, bolt=1, paint=1)
    put(R, B, 3, c3, bolt=1, paint=2, bookmark=1)
    put(R, B, 5, c5, gavel=1, star=3)
    # Mr. Hawke: M O P S T, no gaps
    put(R, B, 6, teacher(R, "Mr. Hawke"))
    put(R, B, 7, pick(letter="M"), bolt=1)
    put(R, B, 8, pick(letter="O"), bolt=1, paint=2, bookmark=1)
    put(R, B, 9, pick(letter="P"), star=3)
    put(R, B, 10, pick(letter="S"), bookmark=2)
    put(R, B, 11, pick(letter="T"), bookmark=2)
    # Dr. Thompson: 4 students, one with Gavel and Bolt
    put(R, B, 12, teacher(R, "Dr. Thompson"))
    t13 = pick()
    t14 = pick(where=lambda x: R.s_letter[x] >= R.s_letter[t13])
    t15 = pick(where=lambda x: R.s_letter[x] >= R.s_letter[t14])
    t16 = pick(where=lambda x: R.s_letter[x] >= R.s_letter[t15])
    put(R, B, 13, t13, paint=2, bookmark=2)
    put(R, B, 14, t14, bookmark=2)
    put(R, B, 15, t15)
    put(R, B, 16, t16, gavel=1, bolt=1)
    # Mr. Jensen: one student
    put(R, B, 17, teacher(R, "Mr. Jensen"))
    put(R, B, 18, pick(), bolt=1, paint=1, gavel=1)
    # Wildcat Way: Homecoming, Rising Star (3 Stars), four 1x1, top half covered
    hc, rs = tile(R, "Homecoming"), tile(R, "Rising Star")
    place_tile(R, B, hc, R.tl_cells[hc][0])
    place_tile(R, B, rs, R.tl_cells[rs][2], pick())
    B.ss[0][2][STAR] = 3
    for j in (3, 7, 8, 12):
        place_tile(R, B, TILE1, (j,))
    B.staff = [R.st_club.index(HONOR), R.st_club.index(QB)]
    B.tracks[SC] = R.track_len
    B.sigs = 3
    B.abc = 1
    return R, s, B


def test_C89_295_to_301_endgame_example_objectives():
    """C89-320 (the superlative counts for Team Captains) C89-295: Green's objectives score
    54 = 4 + 13 + 4 + 10 + 16 + 7 (C89-296 C89-297 C89-298
    C89-299 C89-300 C89-301),
    counted from the rebuilt yearbook against the other players' counts."""
    R, s, B = _green_yearbook()
    green = {R.objectives[o]["name"]: scoring.measure(R, B, R.objectives[o])
             for o in s.objectives}
    assert green == {"AP Government": 3, "Study Group": 8, "Preppies": 5, "Theater Kids": 7,
                     "Team Captains": 3, "Perfect Attendance": 2}
    others = {"AP Government": (5, 4), "Study Group": (8, 5), "Preppies": (7, 6),
              "Theater Kids": (9, 3), "Team Captains": (1, 0), "Perfect Attendance": (3, 2)}
    expect = {"AP Government": 4, "Study Group": 13, "Preppies": 4, "Theater Kids": 10,
              "Team Captains": 16, "Perfect Attendance": 7}
    total = 0
    for name, (a, b) in others.items():
        o = objective(R, name)
        pts = scoring.rank_points([green[name], a, b], o["min"], R.objective_points)
        assert pts[0] == expect[name], name
        total += pts[0]
    assert total == 54


def test_C89_302_to_316_endgame_example_other_lines():
    """C89-302 C89-303 C89-304 C89-305 C89-306: teachers 6 + 6 + 2 + 1 = 15; C89-307 C89-308
    C89-309 C89-310 C89-311: Wildcat Way 5 + 6 + 4 + 2
    = 17; C89-312: staff 3; C89-313: track 5; C89-314: 3 signatures = 1; C89-315: ABC 2;
    C89-316: with 54 objective points the total is 97."""
    R, s, B = _green_yearbook()
    tp = dict((R.t_name[t], v) for t, v in scoring.teacher_points(R, B))
    assert tp == {"Coach LaFountain": 6, "Mr. Hawke": 6, "Dr. Thompson": 2, "Mr. Jensen": 1}
    tiles = dict((R.tl_name[t], v) for t, v in scoring.tile_points(R, B))
    assert tiles == {"Homecoming": 5, "Rising Star": 6}
    assert B.tile1s == 4 and B.halves_done == 1
    lines = scoring.breakdown(R, B, 54)
    assert lines == {"objectives": 54, "teachers": 15, "wildcat": 17, "staff": 3,
                     "tracks": 5, "signatures": 1, "abc": 2}
    assert sum(lines.values()) == 97


def test_C89_281_282_283_284_teacher_scoring_examples():
    """C89-281: 1 per student; C89-282: 2 per student with Paint and Star (extra tokens do
    not add); C89-283: 3 per Honor Society pair incl. the teacher's; C89-284: 3 per
    sequential pair, same letters not counting, 3 in a row = 2 pairs."""
    R = rules(4)
    s = make_state(4)
    B = s.boards[0]
    ps = next(i for i, sc in enumerate(R.t_score)
              if sc[0] == "per_student_with_all" and set(sc[2]) == {PAINT, STAR})
    B.photo[0] = TEACHER + ps
    put(R, B, 1, find_student(R, letter="A"), paint=2, star=2)
    put(R, B, 2, find_student(R, letter="B"), paint=1)
    assert dict(scoring.teacher_points(R, B)) == {ps: 2}
    data = GAME.default_data()
    hs = next(i for i, sc in enumerate(R.t_score) if sc == ("per_pair_icon", 3, (HONOR,)))
    data["teacher"][hs]["icon"] = "honor_society"
    R = GAME.make_rules(data, 4)
    B2 = make_state(4).boards[0]
    B2.photo[0] = TEACHER + hs
    a = find_student(R, left=HONOR, right=HONOR)
    b = find_student(R, left=HONOR, exclude=(a,),
                     where=lambda x: R.s_letter[x] >= R.s_letter[a])
    B2.photo[1], B2.photo[2] = a, b
    assert dict(scoring.teacher_points(R, B2)) == {hs: 6}
    B3 = make_state(4).boards[0]
    B3.photo[0] = teacher(R, "Mr. Hawke")
    for c, lt in zip(range(1, 6), "CDEEF", strict=True):
        B3.photo[c] = find_student(R, letter=lt, exclude=B3.photo[1:c])
    assert dict(scoring.teacher_points(R, B3)) == {R.t_name.index("Mr. Hawke"): 9}
    B4 = make_state(4).boards[0]
    B4.photo[0] = teacher(R, "Mr. Jensen")
    B4.photo[3] = find_student(R, letter="A")
    assert dict(scoring.teacher_points(R, B4)) == {R.t_name.index("Mr. Jensen"): 1}


def test_C89_323_324_325_326_328_tile_examples():
    """C89-327 Mathletes' bonuses; C89-323 Prom 3/6/10 for 4/5/6 distinct matches; C89-324
    State Champs; C89-325 Most
    Inspirational 2 per Bolt; C89-326 Seniors: 2 Gavel, 4 points; C89-328 Cheerleaders:
    Pep Squad step and 1 per 2 Bolt."""
    R = rules(4)
    assert R.tl_score[tile(R, "Prom")] == ("distinct_matches", 0, (0, 0, 0, 0, 3, 6, 10))
    assert R.tl_eff[tile(R, "Seniors")] == ((E_TOK, GAVEL), (E_TOK, GAVEL))
    assert R.tl_score[tile(R, "Seniors")] == ("flat", 4, 0)
    assert R.tl_eff[tile(R, "Cheerleaders")] == ((E_TRACK, PEP),)
    assert R.tl_eff[tile(R, "Mathletes")] == ((E_TOK, STAR), (E_TOK, BOOKMARK), (5, 0))
    s = make_state(4)
    B = s.boards[0]
    B.photo[0] = teacher(R, "Mr. Jensen")
    for c in range(1, 4):
        put(R, B, c, find_student(R, letter="ABC"[c - 1]), star=1, bolt=1)
    B.photo[5] = teacher(R, "Mr. Hawke")
    B.tiles = [tile(R, "State Champs"), tile(R, "Cheerleaders"), tile(R, "Most Inspirational")]
    B.ss = [[tile(R, "Most Inspirational"), 40, [0, 0, 4, 0, 0]]]
    pts = dict((R.tl_name[t], v) for t, v in scoring.tile_points(R, B))
    assert pts == {"State Champs": 3, "Cheerleaders": 3, "Most Inspirational": 8}


def test_C89_063_169_signatures_and_storage_at_end():
    """C89-063: 1 point per 2 signatures; C89-169: stored tokens score nothing."""
    R = rules(4)
    s = make_state(4)
    B = s.boards[0]
    B.sigs = 7
    B.storage = [STAR, STAR]
    B.ss = [[tile(R, "Rising Star"), 3, [0, 0, 0, 0, 0]]]
    B.tiles = [tile(R, "Rising Star")]
    lines = scoring.breakdown(R, B, 0)
    assert lines["signatures"] == 3 and lines["wildcat"] == 0


def test_C89_170_171_172_tie_breakers():
    """C89-170 C89-171 C89-172 C89-173: most points; then objective points; then most students; then
    shared."""
    s = make_state(2)
    R = s.rules
    from simcli.engine import ranked_result
    r = ranked_result([50, 50], turns=1, end_reason="rounds", tiebreak=[(20, 5), (14, 9)])
    assert r.win_shares == (1.0, 0.0)
    r = ranked_result([50, 50], turns=1, end_reason="rounds", tiebreak=[(20, 5), (20, 5)])
    assert r.win_shares == (0.5, 0.5)
    del R


# ----------------------------------------------------------------------------- solo
def _solo(**kw):
    return solo_state(**kw)


def test_C89_182_to_194_solo_setup():
    """C89-189 (easy: none) C89-191 (hard: four) C89-193 (extra ABC) C89-180;
    C89-182: 2-player setup (janitors); C89-185 C89-186: five priority markers, no Honor
    Society; C89-187 C89-188: Ed's teacher top left, students at row 2 col 2 and row 3 col 3;
    C89-190: Normal: two preferred tracks up; C89-192: no ABC; C89-194: Ed first."""
    s = _solo()
    R = s.rules
    ed = s.boards[1]
    assert len(s.janitors) == 5
    assert sorted(ed.markers) == [0, 1, 2, 3, 4]
    assert ed.photo[0] >= TEACHER
    assert 0 <= ed.photo[6] < TEACHER and 0 <= ed.photo[12] < TEACHER
    assert [ed.tracks[c] for c in ed.markers] == [1, 1, 0, 0, 0]
    assert ed.abc == 0 and ed.sigs == 0
    assert s.first == 1
    assert [b.tracks[c] for b in [_solo(solo_difficulty="hard").boards[1]]
            for c in b.markers] == [1, 1, 1, 1, 0]
    assert sum(_solo(solo_difficulty="easy").boards[1].tracks) == 0
    assert _solo(solo_extra_abc=True).boards[0].abc == 2
    del R


def test_C89_329_330_331_ed_example_turn():
    """C89-329 C89-330 C89-331 (C89-208 C89-209 C89-210 C89-211 C89-212 C89-220 C89-237
    C89-238 C89-196 C89-197 C89-245): Ed has used the Designer; the next Choice card's back
    gives the
    Editor; the Location card sends it to the Gym's left-most free space; the Choice card
    shows Staff at the Gym: Ed takes it with its benefits except signatures; C89-215 the
    Editor steps the Athletics track."""
    data = GAME.default_data()
    data["solo_location"] = [dict(editor="gym", designer="office", photographer="library",
                                  treasurer="hallway", x="auditorium", provisional=True)]
    data["solo_choice"] = [
        dict(items=["student", "student", "student", "student", "staff"],
             back=["designer", "editor", "treasurer", "photographer"]),
        dict(items=["student"] * 5, back=["designer", "editor", "treasurer", "photographer"]),
    ]
    R = GAME.make_rules(data, 1)
    s = solo_state()
    s.rules = R
    s.choice_deck = [1, 0]  # card 0 is revealed, card 1's back is the next
    s.choice_discard = []
    s.active_loc = 0
    ed = s.boards[1]
    ed.used = [False, True, False, False]
    ed.tracks = [0] * 6
    ed.marker_tok = [0] * 5
    for loc in range(5):
        s.spaces[loc] = [EMPTY, EMPTY, EMPTY]
    s.spaces[GYM][0] = 0  # the human already sits on the free space
    bd = R.st_name.index("Band Director")
    s.display[GYM][3] = STAFF + bd
    tracks = list(ed.tracks)
    solo.ed_turn(s)
    assert ed.used == [True, True, False, False]
    assert s.spaces[GYM] == [0, 1, EMPTY]
    assert ed.staff == [bd] and s.display[GYM][3] == EMPTY
    assert ed.sigs == 0
    assert ed.marker_tok[ed.markers.index(PAINT)] == 2
    assert ed.tracks[ATH] == tracks[ATH] + 1 and ed.tracks[ARTS] == tracks[ARTS] + 1


def test_C89_213_214_ed_moves_right_skipping_x():
    """C89-213 C89-214: a full location sends Ed to the next one right, skipping X."""
    data = GAME.default_data()
    data["solo_location"] = [dict(editor="hallway", designer="office", photographer="library",
                                  treasurer="gym", x="auditorium")]
    R = GAME.make_rules(data, 1)
    s = solo_state()
    s.rules = R
    s.active_loc = 0
    s.spaces[HALLWAY] = [0, JANITOR, 0]
    assert solo.place_member(s, 0) == GYM


def test_C89_224_to_228_ed_selects_students():
    """C89-225: a student that makes a match first; C89-226 C89-227: else the most preferred
    half-icon (Honor Society last); C89-228: else the left-most."""
    s = _solo()
    R = s.rules
    ed = s.boards[1]
    ed.markers = [ARTS, SC, QB, PEP, ATH]
    ed.photo[:] = [EMPTY] * 20
    ed.photo[0] = teacher(R, "Mr. Jensen")  # Fine Arts half-icon
    m = find_student(R, left=ARTS)
    n1 = find_student(R, where=lambda x: ARTS not in (R.s_left[x], R.s_right[x])
                      and R.s_left[x] != R.t_icon[R.t_name.index("Mr. Jensen")]
                      and SC in (R.s_left[x], R.s_right[x]))
    assert solo.select_student(R, ed, [n1, m]) == 1
    n2 = find_student(R, where=lambda x: R.s_left[x] in (HONOR, ATH) and R.s_right[x] in (
        HONOR, ATH) and R.s_left[x] != ARTS)
    assert solo.select_student(R, ed, [n2, n1]) == 1
    assert solo.select_student(R, ed, [n1, n1]) == 0


def test_C89_229_233_235_ed_places_items():
    """C89-229 C89-230: Ed puts a student where it matches, top-most then left-most; C89-231:
    otherwise top-most, left-most; C89-198 ignoring the alphabet; C89-233 C89-234: teachers in
    a row and column without one; C89-235: tiles top-most, left-most."""
    s = _solo()
    R = s.rules
    ed = s.boards[1]
    ed.photo[:] = [EMPTY] * 20
    ed.photo[0] = teacher(R, "Mr. Jensen")
    z = find_student(R, letter="Z", left=ARTS) if any(
        R.s_letter[x] == 25 and R.s_left[x] == ARTS for x in range(78)) else find_student(
        R, left=ARTS)
    solo.place_student(s, z)
    assert ed.photo[1] == z
    no = find_student(R, where=lambda x: R.s_left[x] != R.s_right[z]
                      and R.s_left[x] != R.t_icon[R.t_name.index("Mr. Jensen")]
                      and R.s_right[x] != R.s_left[z] and R.s_letter[x] == 0)
    solo.drain(s)
    solo.place_student(s, no)
    assert ed.photo[2] == no or solo.would_match(R, ed, 2, no)
    assert solo.teacher_cell(R, ed) == 6
    ed.photo[6] = teacher(R, "Mr. Hawke")
    assert solo.teacher_cell(R, ed) == 12
    hc = tile(R, "Homecoming")
    assert R.tl_cells[hc][0] == (0, 1, 4, 5)


def test_C89_239_246_ed_tokens_on_markers():
    """C89-239: Ed's tokens go on the matching marker; C89-246: any token = the marker of
    the column with a teacher and the most students (ties left to right)."""
    s = _solo()
    R = s.rules
    ed = s.boards[1]
    ed.photo[:] = [EMPTY] * 20
    ed.photo[0] = teacher(R, "Mr. Jensen")
    ed.photo[7] = teacher(R, "Mr. Hawke")
    ed.photo[12] = 5
    ed.photo[17] = 6
    ed.marker_tok = [0] * 5
    solo.gain_token(s, STAR)
    assert ed.marker_tok[ed.markers.index(STAR)] == 1
    ed.marker_tok = [0] * 5
    solo.gain_token(s, ANY)
    assert ed.marker_tok == [0, 0, 1, 0, 0]
    ed.photo[17] = ed.photo[12] = EMPTY  # a tie: the left-most column wins
    before = list(ed.marker_tok)
    solo.gain_token(s, ANY)
    assert ed.marker_tok[0] == before[0] + 1


def test_C89_247_ed_at_top_takes_token():
    """C89-247: Ed at the top of a track takes a token of that type instead."""
    s = _solo()
    ed = s.boards[1]
    ed.tracks[PAINT] = s.rules.track_len
    solo.resolve_ed(s, (E_TRACK, 1, ARTS))
    assert ed.marker_tok[ed.markers.index(PAINT)] == 1


def test_C89_250_to_256_ed_round_end():
    """C89-250: Ed takes a token for each track he leads; C89-252 C89-255 C89-256: unused Editor
    steps the preferred track, unused Treasurer the lowest (ties: preferred)."""
    s = _solo()
    ed = s.boards[1]
    ed.tracks = [0, 0, 0, 0, 0, 0]
    ed.tracks[PEP] = 1
    s.boards[0].tracks = [0] * 6
    ed.used = [True, True, True, False]
    before = list(ed.marker_tok)
    flow.round_end(s)
    while s.queue:
        flow.resolve(s, s.queue.pop())
    assert ed.marker_tok[ed.markers.index(BOLT)] == before[ed.markers.index(BOLT)] + 1
    low = [c for c in ed.markers if c != PEP][0]
    assert ed.tracks[low] == 1
    s2 = _solo()
    ed2 = s2.boards[1]
    ed2.tracks = [0] * 6
    ed2.used = [False, True, True, True]
    solo.unused_reward(s2)
    assert ed2.tracks[ed2.markers[0]] == 1


def test_C89_260_to_268_332_solo_objective_scoring():
    """C89-332: AP Government with 5, above Ed (Normal): MIN 3 met: 14 / 6. Study Group
    with 7, below Ed: T1 9 missed, MIN met: 6 / 14. C89-260 C89-261 C89-262 C89-263 C89-264
    C89-265 C89-266 C89-267 C89-268 the other cases."""
    R = rules(1)
    ap, sg = objective(R, "AP Government"), objective(R, "Study Group")
    assert (ap["min"], sg["t1"]) == (3, 9)
    assert scoring.solo_objective(R, 5, ap, "normal", 3, 1) == (14, 6)
    assert scoring.solo_objective(R, 7, sg, "normal", 1, 3) == (6, 14)
    assert scoring.solo_objective(R, 2, ap, "normal", 3, 1) == (0, 14)
    assert scoring.solo_objective(R, 3, ap, "easy", 0, 5) == (14, 6)
    assert scoring.solo_objective(R, 2, ap, "easy", 5, 0) == (0, 14)
    assert scoring.solo_objective(R, 9, sg, "normal", 2, 2) == (14, 6)
    assert scoring.solo_objective(R, 9, sg, "hard", 3, 2) == (14, 6)
    assert scoring.solo_objective(R, 8, sg, "hard", 3, 2) == (6, 14)
    assert scoring.solo_objective(R, 12, sg, "hard", 2, 2) == (14, 6)
    assert scoring.solo_objective(R, 11, sg, "hard", 2, 2) == (6, 14)


def test_C89_269_270_271_ed_teacher_scoring():
    """C89-270: 5 tokens -> discard 3 -> 2 x students in the column; C89-271: no teacher,
    no points."""
    s = _solo()
    R = s.rules
    ed = s.boards[1]
    ed.photo[:] = [EMPTY] * 20
    ed.photo[0] = teacher(R, "Mr. Jensen")
    ed.photo[5], ed.photo[10], ed.photo[1] = 3, 4, 8
    ed.marker_tok = [5, 4, 0, 0, 0]
    assert scoring.ed_teacher_score(R, ed) == 2 * 2


def test_C89_272_to_277_ed_wildcat_scoring():
    """C89-272 C89-273 C89-274 C89-275 C89-276 C89-277: 1 per 1x1, 2 per half, 5 per A, 4 per B,
    3 per C with criteria, 0
    for C/D without."""
    R = rules(1)
    s = _solo()
    ed = s.boards[1]
    ed.tiles = [tile(R, "Prom"), tile(R, "Seniors"), tile(R, "Cheerleaders"),
                tile(R, "Mathletes"), tile(R, "Hallway Mural 1")]
    ed.tile1s = 2
    ed.halves_done = 0b11
    assert scoring.ed_wildcat_score(R, ed) == 2 + 4 + 5 + 4 + 3


def test_C89_278_solo_tie_is_a_loss_and_result_rows():
    """C89-278: you win only with more points than Ed; the result has your row then Ed's."""
    s = _solo()
    while (d := GAME.decision(s)) is not None:
        GAME.apply(s, d.options[0])
    r = GAME.result(s)
    assert len(r.scores) == 2 and r.automata == ("ed",)
    scores, _ = score_state(s)
    assert r.win_shares == ((1.0, 0.0) if scores[0] > scores[1] else (0.0, 1.0))
    assert r.metrics["solo_difficulty"] == "normal"


def test_illegal_action_rejected():
    s = make_state(4)
    GAME.decision(s)
    with pytest.raises(IllegalActionError):
        GAME.apply(s, ("nope",))


def test_C89_071_072_without_school_entrance():
    """C89-071 C89-072: without the School Entrance a player who cannot pay and has used the
    Treasurer forgoes the turn."""
    s = make_state(4, school_entrance=False)
    B = s.boards[0]
    B.sigs = 0
    B.used[TREASURER] = True
    for loc in range(5):
        s.spaces[loc][0] = 1
    assert flow.place_options(s, 0) == []
    flow.advance(s)
    assert s.forgone == 1 and s.pending.player == 1
