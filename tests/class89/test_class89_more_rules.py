"""More Class of '89 rules tests: components, turn structure, Ed's turn steps."""
from __future__ import annotations

import random

from c89_helpers import (
    ATH,
    BOOKMARK,
    GAVEL,
    GYM,
    HALLWAY,
    HONOR,
    LIBRARY,
    OFFICE,
    QB,
    SC,
    STAR,
    find_student,
    make_state,
    rules,
    solo_state,
    teacher,
    tile,
)

from simcli.games.class89 import flow, scoring, solo
from simcli.games.class89.rules import GAME, score_state
from simcli.games.class89.state import (
    E_DRAW_S,
    E_DRAW_T,
    E_FACE_S,
    E_FACE_T,
    E_SIG,
    E_TOK,
    E_TRACK,
    EMPTY,
    MEMBERS,
    STAFF,
    TEACHER,
    TILE,
    TREASURER,
)
from simcli.games.class89.yearbook import place_card


# ----------------------------------------------------------------------------- components
def test_C89_003_004_044_024_098_members_pins_boards():
    """C89-003 C89-044: four team members (Editor, Designer, Photographer, Treasurer) and
    six track pins per player; C89-004: up to four players; C89-024: pins start at the
    bottom; C89-098: one ABC token each."""
    assert MEMBERS == ("editor", "designer", "photographer", "treasurer")
    assert GAME.players == range(1, 5)
    s = make_state(4, blank=False)
    assert len(s.boards) == 4
    fresh = GAME.setup(4, rules(4), random.Random(0))
    for B in fresh.boards:
        assert B.tracks == [0] * 6 and len(B.used) == 4 and B.abc == 1


def test_C89_005_007_008_janitors_round_decks():
    """C89-005: five janitors (2 players use all five); C89-007: round 1 first; C89-008: each
    deck is shuffled on its own."""
    s = make_state(2)
    assert len(s.janitors) == 5 and s.round == 1
    a = GAME.setup(4, rules(4), random.Random(1))
    b = GAME.setup(4, rules(4), random.Random(2))
    assert set(a.decks) == {"student", "teacher", "staff", "A", "B", "C", "D"}
    assert a.decks["student"] != b.decks["student"] and a.decks["staff"] != b.decks["staff"]


def test_C89_009_064_111_unlimited_signatures_and_tokens():
    """C89-009 C89-064 C89-111: signatures and tokens come from an unlimited supply."""
    s = make_state(4)
    B = s.boards[0]
    B.sigs = 500
    flow.push(s, 0, [(E_SIG, 1)] * 50)
    flow.advance(s)
    assert B.sigs == 550
    ed = solo_state()
    for _ in range(60):
        solo.gain_token(ed, STAR)
    assert ed.boards[1].marker_tok[ed.boards[1].markers.index(STAR)] == 60


def test_C89_026_027_028_029_side_fixed_and_first_player_is_seat_one():
    """C89-026: the column side is chosen only at setup; C89-027 C89-028 C89-029: the
    first-player rules are replaced by the seat order: seat 1 places first."""
    s = GAME.setup(3, rules(3), random.Random(4))
    rng = random.Random(0)
    kinds = []
    first_place = None
    while (d := GAME.decision(s)) is not None:
        kinds.append(d.kind)
        if d.kind == "place" and first_place is None:
            first_place = d.player
        GAME.apply(s, d.options[int(rng.random() * len(d.options))])
    assert kinds.count("side") == 3 and kinds.index("place") > max(
        i for i, k in enumerate(kinds) if k == "side")
    assert first_place == 0


def test_C89_039_103_136_spaces_tokens_tracks():
    """C89-039: three spaces per location costing 0, 1, 2; C89-103: five token types;
    C89-136: six club tracks."""
    R = rules(4)
    s = make_state(4)
    assert R.space_costs == (0, 1, 2) and all(len(row) == 3 for row in s.spaces)
    assert R.tokens == ("gavel", "bookmark", "bolt", "paint", "star")
    assert R.clubs == ("student_council", "quiz_bowl", "pep_squad", "fine_arts", "athletics",
                       "honor_society")


def test_C89_051_052_057_061_062_actions_any_order_once():
    """C89-051: actions in any order (signature action before the main action); C89-052:
    each once; C89-057: the member action is optional; C89-061: the Treasurer has none;
    C89-062: signatures pay for spaces and tokens."""
    s = make_state(4)
    R = s.rules
    B = s.boards[0]
    B.photo[0] = teacher(R, "Mr. Jensen")
    B.sigs = 3
    s.display[OFFICE][0] = find_student(R, letter="K")
    flow.apply_place(s, 0, (TREASURER, OFFICE, 2))
    assert B.sigs == 3  # the Treasurer ignores the cost
    opts = flow.action_options(s)
    assert "ability" not in opts and "sig_token" in opts and "end" not in opts
    flow.apply_action(s, "sig_token")
    assert B.sigs == 2
    d = flow.advance(s)
    flow.apply(s, "store")
    d = flow.advance(s)
    assert d.kind == "action" and "sig_token" not in d.options
    flow.apply(s, ("take", 0, 5, 0))
    d = flow.advance(s)
    assert "end" in d.options and not any(isinstance(o, tuple) and o[0] == "take"
                                          for o in d.options)
    s2 = make_state(4)
    s2.boards[0].sigs = 1
    flow.apply_place(s2, 0, (0, OFFICE, 1))
    assert s2.boards[0].sigs == 0


def test_C89_073_081_112_items_go_to_their_sections():
    """C89-073 C89-081: students and teachers go into the class photo section; C89-112:
    tiles into the Wildcat Way grid; C89-131: staff into the staff section."""
    s = make_state(4)
    R = s.rules
    B = s.boards[0]
    B.photo[0] = teacher(R, "Mr. Jensen")
    t = teacher(R, "Mr. Hawke")
    hc = tile(R, "Homecoming")
    s.display[OFFICE][2] = t
    s.display[OFFICE][4] = TILE + hc
    s.display[OFFICE][3] = STAFF + 5
    flow.apply_place(s, 0, (TREASURER, OFFICE, 0))
    flow.apply_action(s, ("take", 2, 10, 0))
    assert B.photo[10] == t
    for slot, target in ((4, 0), (3, -1)):
        s2 = make_state(4)
        s2.display[OFFICE][4] = TILE + hc
        s2.display[OFFICE][3] = STAFF + 5
        flow.apply_place(s2, 0, (0, OFFICE, 0))
        flow.apply_action(s2, ("take", slot, target, 0))
        B2 = s2.boards[0]
        if slot == 4:
            assert B2.grid[0] == hc and B2.grid[5] == hc and B2.tiles == [hc]
        else:
            assert B2.staff == [5]


def test_C89_078_088_half_icons():
    """C89-078: students have a half-icon on each side; C89-088: a teacher only on its
    right, so a student's right icon never pairs with a teacher placed to its right."""
    R = rules(4)
    assert all(0 <= x < 6 for x in R.s_left + R.s_right)
    s = make_state(4)
    B = s.boards[0]
    stu = find_student(R, right=QB)
    B.photo[3] = stu
    laporte = teacher(R, "Mr. LaPorte")  # Quiz Bowl half-icon on its right
    assert place_card(R, B, 4, laporte) == []


def test_C89_083_087_class_sizes_and_own_class():
    """C89-083: a class can have no students; C89-087: a teacher counts only its class."""
    R = rules(4)
    s = make_state(4)
    B = s.boards[0]
    B.photo[0] = teacher(R, "Mr. Jensen")
    B.photo[1] = teacher(R, "Coach LaFountain")
    for c in (2, 3, 4):
        B.photo[c] = find_student(R, letter="ABC"[c - 2])
    pts = dict(scoring.teacher_points(R, B))
    assert pts[R.t_name.index("Mr. Jensen")] == 0
    B.photo[5] = find_student(R, letter="D")
    B.photo[6] = teacher(R, "Mr. Hawke")
    B.photo[7] = find_student(R, letter="E")
    assert dict(scoring.teacher_points(R, B))[R.t_name.index("Mr. Jensen")] == 0


def test_C89_090_placed_cards_never_leave():
    """C89-090: placed cards and tiles are never moved or discarded."""
    rules3 = rules(3)
    for seed in range(15):
        s = GAME.setup(3, rules3, random.Random(seed))
        rng = random.Random(seed)
        while (d := GAME.decision(s)) is not None:
            before = [(list(B.photo), list(B.grid), list(B.staff)) for B in s.boards]
            GAME.apply(s, d.options[int(rng.random() * len(d.options))])
            for (photo, grid, staff), B in zip(before, s.boards, strict=True):
                assert all(a == EMPTY or a == b for a, b in zip(photo, B.photo, strict=True))
                assert all(a == EMPTY or a == b for a, b in zip(grid, B.grid, strict=True))
                assert B.staff[:len(staff)] == staff


def test_C89_095_124_unplaceable_draw_is_discarded():
    """C89-095: a row-bonus student that cannot be placed is discarded; C89-124: so is a
    tile's teacher when there is no space."""
    s = make_state(4)
    R = s.rules
    B = s.boards[0]
    B.abc = 0
    B.photo[:] = [teacher(R, "Mr. Jensen")] * 20
    top = s.decks["student"][-1]
    s.queue.append((E_DRAW_S, 0, 0))
    assert flow.advance(s).kind == "place"
    assert s.discards["student"][-1] == top
    top_t = s.decks["teacher"][-1]
    s.pending = None
    s.queue.append((E_DRAW_T, 0, 0))
    flow.advance(s)
    assert s.discards["teacher"][-1] == top_t


def test_C89_123_tile_draws_three_teachers_keep_one():
    """C89-123: a tile's new teacher: draw 3, keep 1, the other 2 to the bottom."""
    s = make_state(4)
    B = s.boards[0]
    B.photo[0] = teacher(s.rules, "Mr. Jensen")
    top3 = list(reversed(s.decks["teacher"][-3:]))
    s.queue.append((E_DRAW_T, 0, 0))
    d = flow.advance(s)
    assert d.kind == "keep" and "none" not in d.options
    assert {o[0] for o in d.options} == {0, 1, 2}
    flow.apply(s, (1, 7, 0))
    assert B.photo[7] == TEACHER + top3[1]
    assert s.decks["teacher"][:2] == [top3[0], top3[2]]


def test_C89_133_135_staff_order_does_not_matter():
    """C89-133: staff may sit in any order; scoring does not depend on it."""
    R = rules(4)
    s = make_state(4)
    B = s.boards[0]
    B.staff = [0, 5, 9]
    a = scoring.staff_score(R, B)
    B.staff = [9, 0, 5]
    assert scoring.staff_score(R, B) == a


def test_C89_137_138_icons_and_columns_advance_tracks():
    """C89-137: a club icon on a card advances that track; C89-138: column bonuses too."""
    s = make_state(4)
    R = s.rules
    B = s.boards[0]
    bd = R.st_name.index("Band Director")
    s.display[OFFICE][3] = STAFF + bd
    flow.apply_place(s, 0, (0, OFFICE, 0))
    flow.apply_action(s, ("take", 3, -1, 0))
    while (d := flow.advance(s)).kind != "action":
        flow.apply(s, d.options[-1])
    assert B.tracks[3] == 1
    assert (E_TRACK, SC) in R.col_bonus[0][0]


def test_C89_146_148_163_objectives_card_by_card_and_totals():
    """C89-146: each objective card is scored on its own; C89-148: T1/T2 play no part in
    the standard game; C89-163: the final score adds all categories."""
    R = rules(3, objective_set="A")
    s = make_state(3, objective_set="A")
    B = s.boards[0]
    B.photo[0] = teacher(R, "Mr. Jensen")
    B.photo[1] = find_student(R, letter="A")
    B.tok[1] = [0, 0, 0, 0, 3]  # Team Captains: 1 = MIN, below T1
    pts, vals = scoring.objective_scores(R, s.boards, s.objectives)
    names = [R.objectives[o]["name"] for o in s.objectives]
    assert vals[names.index("Team Captains")] == [1, 0, 0]
    assert pts[0] == 16
    scores, lines = score_state(s)
    assert scores == [sum(x.values()) for x in lines]
    assert set(lines[0]) == set(scoring.CATEGORIES)


# ----------------------------------------------------------------------------- solo
def _ed_rules(items, back, loc):
    data = GAME.default_data()
    data["solo_location"] = [loc]
    data["solo_choice"] = [dict(items=list(it), back=list(back)) for it in items]
    return GAME.make_rules(data, 1)


LOC = dict(editor="gym", designer="office", photographer="library", treasurer="hallway",
           x="auditorium")
BACK = ["editor", "designer", "photographer", "treasurer"]


def _ed_state(items, back=BACK, loc=LOC):
    R = _ed_rules(items, back, loc)
    s = solo_state()
    s.rules = R
    s.choice_deck = list(range(len(items)))[::-1]
    s.choice_discard = []
    s.active_loc = 0
    for row in s.spaces:
        row[:] = [EMPTY, EMPTY, EMPTY]
    ed = s.boards[1]
    ed.tracks = [0] * 6
    ed.marker_tok = [0] * 5
    return s, R, ed


def test_C89_181_183_184_195_solo_game_structure():
    """C89-181: the base rules apply; C89-183: Location and Choice decks are separate;
    C89-184: Ed's column side is random; C89-195: you and Ed alternate, three members
    each per round."""
    sides = {solo_state(seed=k).boards[1].side for k in range(12)}
    assert sides == {0, 1}
    s = solo_state()
    assert len(s.loc_deck) + len(s.loc_discard) == 10 and len(s.choice_deck) == 20
    rng = random.Random(1)
    human_places = 0
    while (d := GAME.decision(s)) is not None:
        if d.kind == "place":
            human_places += 1
            lead = 1 if s.round <= 2 else 0  # Ed first in rounds 1-2, you in 3-4
            assert sum(s.boards[1].used) == sum(s.boards[0].used) + lead
        GAME.apply(s, d.options[int(rng.random() * len(d.options))])
    assert human_places == 12 and s.turns_taken == 24


def test_C89_199_200_201_202_203_204_solo_targets():
    """C89-199 C89-200 C89-201 C89-202 C89-203 C89-204: the target depends on difficulty
    and on the pins."""
    assert scoring.solo_target("easy", False) == ("min", None)
    assert scoring.solo_target("easy", True) == ("min", None)
    assert scoring.solo_target("normal", True) == ("min", None)
    assert scoring.solo_target("normal", False) == ("t1", "min")
    assert scoring.solo_target("hard", True) == ("t1", "min")
    assert scoring.solo_target("hard", False) == ("t2", "min")


def test_C89_205_206_207_location_card_per_round():
    """C89-205: a Location card is revealed each round and stays active; C89-206 C89-207:
    Ed's members go to its locations, never to X while others have room."""
    s = solo_state()
    R = s.rules
    first = s.active_loc
    assert s.loc_discard == [first]
    ed = s.boards[1]
    for row in s.spaces:
        row[:] = [EMPTY, EMPTY, EMPTY]
    for _ in range(3):
        solo.ed_turn(s)
    locs, x = R.solo_loc[first]
    placed = sorted(loc for loc in range(5) if 1 in s.spaces[loc])
    assert x not in placed
    assert placed == sorted(locs[m] for m in range(4) if ed.used[m])
    flow.round_start(s)
    assert s.active_loc != first or len(s.loc_discard) == 2


def test_C89_216_designer_takes_location_token():
    """C89-216: Ed's Designer takes the location's token (Office: Gavel)."""
    s, R, ed = _ed_state([["student"] * 5] * 2, back=["designer", "editor", "photographer",
                                                     "treasurer"])
    solo.ed_turn(s)
    assert s.spaces[OFFICE][0] == 1 and ed.marker_tok[ed.markers.index(GAVEL)] >= 1


def test_C89_217_218_photographer():
    """C89-217: Ed's Photographer takes a student from the location by the selection
    rules; C89-218: with none there, the top of the student deck."""
    s, R, ed = _ed_state([["staff"] * 5] * 2, back=["photographer", "editor", "designer",
                                                   "treasurer"])
    stu = s.display[LIBRARY][0]
    before = sum(1 for x in ed.photo if 0 <= x < TEACHER)
    solo.ed_turn(s)
    assert stu in ed.photo and sum(1 for x in ed.photo if 0 <= x < TEACHER) == before + 1
    s, R, ed = _ed_state([["staff"] * 5] * 2, back=["photographer", "editor", "designer",
                                                   "treasurer"])
    s.display[LIBRARY][0] = s.display[LIBRARY][1] = EMPTY
    top = s.decks["student"][-1]
    solo.ed_turn(s)
    assert top in ed.photo


def test_C89_219_treasurer_wipes_first():
    """C89-219: Ed's Treasurer wipes and refreshes the location before taking an item."""
    s, R, ed = _ed_state([["student"] * 5] * 2, back=["treasurer", "editor", "designer",
                                                     "photographer"])
    old = list(s.display[HALLWAY])
    solo.ed_turn(s)
    assert not set(old[:2]) & set(ed.photo)
    assert all(c in s.discards["student"] for c in old[:2] if c != EMPTY)


def test_C89_221_222_223_choice_cards():
    """C89-221: an impossible item reveals more Choice cards; C89-222: an empty deck is
    reshuffled from the discards; C89-223: nothing possible: a token and a track step."""
    s, R, ed = _ed_state([["teacher"] * 5, ["teacher"] * 5, ["staff"] * 5, ["staff"] * 5])
    s.display[GYM][2] = EMPTY  # no teacher at the Gym
    bd = R.st_name.index("Band Director")
    s.display[GYM][3] = STAFF + bd
    solo.ed_turn(s)
    assert ed.staff == [bd] and len(s.choice_discard) == 3
    s, R, ed = _ed_state([["teacher"] * 5, ["staff"] * 5])
    s.display[GYM][2] = EMPTY
    solo.ed_turn(s)  # reveals card 0, card 1 (staff) is possible
    assert len(ed.staff) == 1
    s.choice_deck = []
    s.choice_discard = [0, 1]
    assert solo.next_back(s) and len(s.choice_deck) == 1
    s, R, ed = _ed_state([["student"] * 5] * 2)
    s.display[GYM] = [EMPTY] * 5
    solo.ed_turn(s)
    # Editor step (spot 1: a signature, ignored), then the fallback: a Star and a step to
    # spot 2 (another Star)
    assert ed.marker_tok[ed.markers.index(STAR)] == 2 and ed.tracks[ATH] == 2


def test_C89_232_236_244_ed_bonuses_as_normal():
    """C89-232: Ed gains row/column bonuses (no signatures); C89-236: tile, space and half
    bonuses; C89-244: matches advance Ed's tracks."""
    s = solo_state()
    R = s.rules
    ed = s.boards[1]
    ed.photo[:] = [EMPTY] * 20
    ed.photo[0:4] = [teacher(R, "Mr. Jensen")] + [find_student(R, letter="A")] * 3
    solo.place_student(s, find_student(R, letter="B"))
    assert ed.rows_done & 1
    assert s.queue[-1][0] in (E_TOK, E_TRACK, E_SIG)
    solo.drain(s)
    assert ed.sigs == 0
    ed.tracks = [0] * 6
    d_tile = next(i for i in range(len(R.tl_stack)) if R.tl_name[i] == "Hallway Mural 1")
    s.display[GYM][4] = TILE + d_tile
    solo.take(s, GYM, 4)
    solo.drain(s)
    assert ed.tracks[QB] == 1 + (1 if 3 in R.tl_cells[d_tile][0] else 0)


def test_C89_240_241_242_243_ed_bonus_cards():
    """C89-240 C89-241: any face-up student: from the preferred location on, selected by
    the rules; C89-242: draw 3 students, select one, others to the bottom; C89-243: draw
    3 teachers = just the top teacher."""
    s = solo_state()
    R = s.rules
    ed = s.boards[1]
    pref_loc = R.loc_club.index(ed.markers[0])
    candidates = [x for x in s.display[pref_loc] if 0 <= x < TEACHER]
    solo.resolve_ed(s, (E_FACE_S, 1, 0))
    assert any(c in ed.photo for c in candidates)
    solo.drain(s)
    top3 = list(reversed(s.decks["student"][-3:]))
    solo.resolve_ed(s, (E_DRAW_S, 1, 0))
    kept = top3[solo.select_student(R, ed, top3)] if False else None
    assert sum(1 for c in top3 if c in ed.photo) == 1
    assert set(s.decks["student"][:2]) <= set(top3)
    del kept
    solo.drain(s)
    top_t = s.decks["teacher"][-1]
    solo.resolve_ed(s, (E_DRAW_T, 1, 0))
    assert TEACHER + top_t in ed.photo or top_t in s.discards["teacher"]
    solo.resolve_ed(s, (E_FACE_T, 1, 0))


def test_C89_245_ed_track_rewards_without_signatures():
    """C89-245: Ed gains tokens and tiles from tracks, but no signatures."""
    s = solo_state()
    ed = s.boards[1]
    ed.tracks = [0] * 6
    for _ in range(3):
        solo.resolve_ed(s, (E_TRACK, 1, HONOR))
        solo.drain(s)
    assert ed.sigs == 0 and ed.tile1s == 1 and sum(ed.marker_tok) >= 1


def test_C89_248_249_solo_round_end_and_first_player():
    """C89-248: end of round steps as normal (janitors move, school refills); C89-249:
    you become first player after round two."""
    s = solo_state()
    jan = [tuple(j) for j in s.janitors]
    assert s.first == 1
    s.turn = 6
    s.phase = "turn"
    s.pending = None
    flow.round_end(s)
    while s.queue:
        flow.resolve(s, s.queue.pop())
        if s.pending is not None:
            flow.apply(s, s.pending.options[0])
    flow.cleanup(s)
    assert [tuple(j) for j in s.janitors] == [((a + 1) % 5, k) for a, k in jan]
    assert s.first == 1 and s.round == 2
    s.phase = "round_end"
    flow.round_end(s)
    while s.queue:
        flow.resolve(s, s.queue.pop())
        if s.pending is not None:
            flow.apply(s, s.pending.options[0])
    flow.cleanup(s)
    assert s.first == 0 and s.round == 3


def test_C89_251_253_254_ed_unused_member_rewards():
    """C89-251: a reward for the member Ed did not use; C89-253: Designer: a token of the
    preferred location; C89-254: Photographer: the top student, placed by Ed's rules."""
    s = solo_state()
    ed = s.boards[1]
    ed.marker_tok = [0] * 5
    ed.used = [True, False, True, True]
    solo.unused_reward(s)
    assert ed.marker_tok == [1, 0, 0, 0, 0]
    top = s.decks["student"][-1]
    ed.used = [True, True, False, True]
    solo.unused_reward(s)
    assert top in ed.photo


def test_C89_257_258_259_solo_end_and_scoring():
    """C89-257: the game ends after round four's rewards; C89-258: Ed scores staff and
    tracks as normal; C89-259: you score teachers, tiles, signatures and ABC as normal."""
    s = solo_state()
    rng = random.Random(3)
    while (d := GAME.decision(s)) is not None:
        GAME.apply(s, d.options[int(rng.random() * len(d.options))])
    assert s.round == 4 and s.over
    R = s.rules
    _, lines = score_state(s)
    you, ed = s.boards
    assert lines[1]["staff"] == scoring.staff_score(R, ed)
    assert lines[1]["tracks"] == scoring.tracks_score(R, ed)
    mine = scoring.breakdown(R, you, lines[0]["objectives"])
    assert mine == lines[0]
    assert lines[1]["teachers"] == scoring.ed_teacher_score(R, ed)


def test_C89_290_291_tile_examples():
    """C89-290: a horizontal D tile: 2 Gavel, 1 Bookmark, a Quiz Bowl step, no rotation;
    C89-291: a vertical B tile with a Senior Superlative drawn when it reaches the school,
    2 points per Gavel on it."""
    R = rules(4)
    d = tile(R, "Hallway Mural 1")
    assert R.tl_eff[d] == ((E_TOK, GAVEL), (E_TOK, GAVEL), (E_TOK, BOOKMARK), (E_TRACK, QB))
    assert all(cells[1] == cells[0] + 1 for cells in R.tl_cells[d].values())
    b = tile(R, "Most Likely to Succeed")
    assert R.tl_student[b] and R.tl_score[b] == ("superlative_tokens", 2, GAVEL)
    assert all(cells[1] == cells[0] + R.gcols for cells in R.tl_cells[b].values())
    s = make_state(4)
    B = s.boards[0]
    B.tiles = [b]
    B.ss = [[b, 1, [3, 0, 0, 0, 1]]]
    assert dict(scoring.tile_points(R, B)) == {b: 6}


def test_C89_084_085_first_teacher_top_left():
    """C89-084: without a starting teacher the first teacher goes in the top left space;
    C89-085: later teachers anywhere."""
    s = make_state(4, start_teacher=False, start_students=0)
    R = s.rules
    B = s.boards[0]
    s.display[OFFICE][2] = teacher(R, "Mr. Hawke")
    flow.apply_place(s, 0, (0, OFFICE, 0))
    cells = [o[2] for o in flow.action_options(s) if isinstance(o, tuple) and o[1] == 2]
    assert cells == [0]
    B.photo[0] = teacher(R, "Mr. Jensen")
    cells = [o[2] for o in flow.action_options(s) if isinstance(o, tuple) and o[1] == 2]
    assert cells == list(range(1, 20))
