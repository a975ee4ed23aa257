"""Ed E. Tor, the solo automaton: setup, turns driven by the Location and Choice cards,
item selection and placement, token handling and round-end rewards (C89-180..257)."""
from __future__ import annotations

from simcli.games.rand import shuffle

from .setup import draw, wipe_location
from .state import (
    ANY,
    DESIGNER,
    E_DRAW_S,
    E_DRAW_T,
    E_FACE_S,
    E_FACE_T,
    E_MAJ,
    E_SIG,
    E_TILE1,
    E_TOK,
    E_TRACK,
    EDITOR,
    EMPTY,
    HONOR,
    PHOTOGRAPHER,
    STAFF,
    TEACHER,
    TILE,
    TILE1,
    TREASURER,
    State,
)
from .yearbook import place_card, place_tile, tile_fits, would_match

ITEM_STUDENT, ITEM_TEACHER, ITEM_STAFF, ITEM_TILE = 0, 1, 2, 3
DIFFICULTY_TRACKS = {"easy": 0, "normal": 2, "hard": 4}


def _log(state: State, text: str) -> None:
    if state.log is not None:
        state.log.append("  Ed " + text)


def setup_ed(state: State) -> None:
    R = state.rules
    rng = state.rng
    B = state.boards[state.ed]
    B.abc = 0  # C89-192 Ed's ABC token goes back to the box
    B.side = int(rng.random() * 2)  # C89-184
    markers = [0, 1, 2, 3, 4]  # the five non-Honor Society objective types (clubs)
    shuffle(rng, markers)
    B.markers = markers  # C89-185/186: leftmost = most preferred
    t = draw(state, "teacher")
    if t != EMPTY:
        B.photo[0] = TEACHER + t  # C89-187
    studs = [draw(state, "student"), draw(state, "student")]
    if rng.random() < 0.5:
        studs.reverse()
    for s, cell in zip(studs, (R.cols + 1, 2 * R.cols + 2), strict=True):  # C89-188
        if s != EMPTY:
            B.photo[cell] = s
    for club in markers[:DIFFICULTY_TRACKS[R.solo_difficulty]]:  # C89-189..191
        B.tracks[club] += 1
    state.loc_deck = list(range(len(R.solo_loc)))
    state.choice_deck = list(range(len(R.solo_choice)))
    shuffle(rng, state.loc_deck)
    shuffle(rng, state.choice_deck)
    state.loc_discard = []
    state.choice_discard = []
    state.active_loc = -1


def reveal_location(state: State) -> None:
    """C89-205: the round's Location card."""
    if not state.loc_deck:
        state.loc_deck = state.loc_discard
        state.loc_discard = []
        shuffle(state.rng, state.loc_deck)
    state.active_loc = state.loc_deck.pop()
    state.loc_discard.append(state.active_loc)


def _reveal_choice(state: State) -> int:
    if not state.choice_deck:  # C89-222 reshuffle the discarded Choice cards
        state.choice_deck = state.choice_discard
        state.choice_discard = []
        shuffle(state.rng, state.choice_deck)
    card = state.choice_deck.pop()
    state.choice_discard.append(card)
    return card


def next_back(state: State) -> tuple:
    """The team member order on the back of the next Choice card (C89-211)."""
    if not state.choice_deck:
        state.choice_deck = state.choice_discard[:-1]
        state.choice_discard = state.choice_discard[-1:]
        shuffle(state.rng, state.choice_deck)
    return state.rules.solo_choice[state.choice_deck[-1]][1]


def preference(R, B) -> list[int]:
    """Clubs from most to least preferred; Honor Society last (C89-227)."""
    return list(B.markers) + [HONOR]


def select_student(R, B, candidates: list[int]) -> int:
    """Index into ``candidates`` (student ids, left to right) by C89-224..228."""
    if len(candidates) == 1:
        return 0
    empties = [c for c, x in enumerate(B.photo) if x == EMPTY]
    idx = list(range(len(candidates)))
    matching = [i for i in idx if any(would_match(R, B, c, candidates[i]) for c in empties)]
    if matching:
        idx = matching
    if len(idx) > 1:
        pref = preference(R, B)
        rank = [min(pref.index(R.s_left[candidates[i]]), pref.index(R.s_right[candidates[i]]))
                for i in idx]
        best = min(rank)
        idx = [i for i, r in zip(idx, rank, strict=True) if r == best]
    return idx[0]


def place_student(state: State, s: int) -> None:
    """C89-229..231: a matching space if possible, top-most then left-most."""
    R = state.rules
    B = state.boards[state.ed]
    empties = [c for c, x in enumerate(B.photo) if x == EMPTY]
    if not empties:
        state.discards["student"].append(s)
        return
    cell = next((c for c in empties if would_match(R, B, c, s)), empties[0])
    _push(state, place_card(R, B, cell, s))


def teacher_cell(R, B) -> int:
    """C89-233: top-most, left-most empty space in a row and column without a teacher."""
    cols = R.cols
    rows_t = {c // cols for c, x in enumerate(B.photo) if x >= TEACHER}
    cols_t = {c % cols for c, x in enumerate(B.photo) if x >= TEACHER}
    for c, x in enumerate(B.photo):
        if x == EMPTY and c // cols not in rows_t and c % cols not in cols_t:
            return c
    return -1


def _push(state: State, effects) -> None:
    p = state.ed
    for code, arg in reversed(effects):
        state.queue.append((code, p, arg))


def drain(state: State, base: int = 0) -> None:
    """Resolve Ed's queued effects above ``base`` now (Ed never waits for a decision)."""
    q = state.queue
    while len(q) > base:
        resolve_ed(state, q.pop())


def honor_token(R, B) -> int:
    """C89-246: the marker above the column with a teacher and the most students."""
    cols = R.cols
    best, best_n = 0, -1
    for j in range(cols):
        column = [B.photo[r * cols + j] for r in range(R.rows)]
        if not any(x >= TEACHER for x in column):
            continue
        n = sum(1 for x in column if 0 <= x < TEACHER)
        if n > best_n:
            best, best_n = j, n
    return B.markers[best]


def gain_token(state: State, t: int) -> None:
    """C89-239: Ed's tokens go on the priority marker of their type."""
    B = state.boards[state.ed]
    if t == ANY:
        t = honor_token(state.rules, B)
    B.marker_tok[B.markers.index(t)] += 1


def resolve_ed(state: State, item) -> None:
    code, _, arg = item
    R = state.rules
    B = state.boards[state.ed]
    if code == E_SIG:
        return  # C89-196
    if code == E_TOK or code == E_MAJ:
        if code == E_MAJ:
            arg = ANY if arg == HONOR else R.loc_token[arg]
        gain_token(state, arg)
    elif code == E_TRACK:
        if B.tracks[arg] >= R.track_len:  # C89-247
            gain_token(state, ANY if arg == HONOR else arg)
        else:
            B.tracks[arg] += 1
            _push(state, R.track_rewards[arg][B.tracks[arg] - 1])
    elif code == E_TILE1:
        if state.tile1_left > 0:
            cells = [j for j, x in enumerate(B.grid) if x == EMPTY]
            if cells:
                state.tile1_left -= 1
                _push(state, place_tile(R, B, TILE1, (cells[0],)))
    elif code == E_DRAW_S:  # C89-242
        cards = [c for c in (draw(state, "student") for _ in range(R.draw_count)) if c != EMPTY]
        if cards:
            i = select_student(R, B, cards)
            state.decks["student"][0:0] = [c for j, c in enumerate(cards) if j != i]
            place_student(state, cards[i])
    elif code == E_DRAW_T:  # C89-243: just the top teacher
        t = draw(state, "teacher")
        if t != EMPTY:
            cell = teacher_cell(R, B)
            if cell < 0:
                state.discards["teacher"].append(t)
            else:
                _push(state, place_card(R, B, cell, TEACHER + t))
    elif code == E_FACE_S or code == E_FACE_T:  # C89-240/241
        start = R.loc_club.index(B.markers[0])
        for step in range(5):
            loc = (start + step) % 5
            disp = state.display[loc]
            if code == E_FACE_S:
                slots = [k for k, x in enumerate(disp) if 0 <= x < TEACHER]
                if slots:
                    k = slots[select_student(R, B, [disp[j] for j in slots])]
                    s = disp[k]
                    disp[k] = EMPTY
                    place_student(state, s)
                    return
            else:
                slots = [k for k, x in enumerate(disp) if TEACHER <= x < STAFF]
                if slots and teacher_cell(R, B) >= 0:
                    k = slots[0]
                    code_t = disp[k]
                    disp[k] = EMPTY
                    _push(state, place_card(R, B, teacher_cell(R, B), code_t))
                    return
    elif code == "ed_unused":
        unused_reward(state)


def item_possible(state: State, loc: int, item: int) -> int:
    """Display slot of the item Ed would take at ``loc``, or -1 (C89-221)."""
    R = state.rules
    B = state.boards[state.ed]
    disp = state.display[loc]
    if item == ITEM_STUDENT:
        slots = [k for k, x in enumerate(disp) if 0 <= x < TEACHER]
        if not slots or EMPTY not in B.photo:
            return -1
        return slots[select_student(R, B, [disp[k] for k in slots])]
    if item == ITEM_TEACHER:
        if teacher_cell(R, B) < 0:
            return -1
        return next((k for k, x in enumerate(disp) if TEACHER <= x < STAFF), -1)
    if item == ITEM_STAFF:
        if len(B.staff) >= R.staff_slots:
            return -1
        return next((k for k, x in enumerate(disp) if STAFF <= x < TILE), -1)
    return next((k for k, x in enumerate(disp) if x >= TILE and tile_fits(R, B, x - TILE)), -1)


def take(state: State, loc: int, slot: int) -> None:
    """C89-229..238: place the item by Ed's rules."""
    R = state.rules
    B = state.boards[state.ed]
    disp = state.display[loc]
    code = disp[slot]
    disp[slot] = EMPTY
    ss = state.display_ss[loc][slot]
    state.display_ss[loc][slot] = EMPTY
    if code < TEACHER:
        place_student(state, code)
    elif code < STAFF:
        _push(state, place_card(R, B, teacher_cell(R, B), code))
    elif code < TILE:
        B.staff.append(code - STAFF)
        _push(state, R.st_eff[code - STAFF])
    else:
        tile = code - TILE
        _push(state, place_tile(R, B, tile, R.tl_cells[tile][tile_fits(R, B, tile)[0]], ss))
    _log(state, f"takes {describe_code(R, code)} from the {R.loc_name[loc]}")


def describe_code(R, code: int) -> str:
    if code < TEACHER:
        return R.s_name[code]
    if code < STAFF:
        return R.t_name[code - TEACHER]
    if code < TILE:
        return R.st_name[code - STAFF]
    return R.tl_name[code - TILE]


def choose_member(B, back) -> int:
    return next(m for m in back if not B.used[m])


def place_member(state: State, m: int) -> int:
    """C89-212..214: the card's location, else the next to the right, skipping X."""
    R = state.rules
    locs, x = R.solo_loc[state.active_loc]
    start = locs[m]
    order = [(start + k) % 5 for k in range(5)]
    for loc in [loc for loc in order if loc != x] + [x]:
        row = state.spaces[loc]
        for k in range(3):
            if row[k] == EMPTY:
                row[k] = state.ed
                return loc
    return -1


def ed_turn(state: State) -> None:
    R = state.rules
    B = state.boards[state.ed]
    choice = _reveal_choice(state)  # 1
    m = choose_member(B, next_back(state))  # 2
    B.used[m] = True
    loc = place_member(state, m)  # 3
    _log(state, f"places the {('Editor', 'Designer', 'Photographer', 'Treasurer')[m]} "
                f"in the {R.loc_name[loc] if loc >= 0 else 'hall'}")
    if loc < 0:
        return
    if m == EDITOR:  # 4
        _push(state, ((E_TRACK, R.loc_club[loc]),))
    elif m == DESIGNER:
        gain_token(state, R.loc_token[loc])
    elif m == PHOTOGRAPHER:
        slot = item_possible(state, loc, ITEM_STUDENT)
        if slot >= 0:
            take(state, loc, slot)
        else:
            s = draw(state, "student")
            if s != EMPTY:
                place_student(state, s)
    elif m == TREASURER:
        wipe_location(state, loc)
    drain(state)
    # 5: the Choice card's item, revealing more cards while it cannot be taken
    possible = [item_possible(state, loc, item) for item in range(4)]
    if max(possible) < 0:  # C89-223
        gain_token(state, R.loc_token[loc])
        _push(state, ((E_TRACK, R.loc_club[loc]),))
    else:
        item = R.solo_choice[choice][0][loc]
        tries = len(R.solo_choice)
        while possible[item] < 0:
            tries -= 1
            if tries < 0:  # every card revealed: the first possible kind (see NOTES.md)
                item = next(k for k in range(4) if possible[k] >= 0)
                break
            choice = _reveal_choice(state)
            item = R.solo_choice[choice][0][loc]
        take(state, loc, possible[item])  # 6
    drain(state)


def unused_reward(state: State) -> None:
    """C89-251..256: Ed's reward for the team member not used this round."""
    R = state.rules
    B = state.boards[state.ed]
    unused = [m for m in range(4) if not B.used[m]]
    if not unused:
        return
    m = unused[0]
    state.ed_unused = m
    base = len(state.queue)
    pref = B.markers
    if m == EDITOR:
        _push(state, ((E_TRACK, pref[0]),))
    elif m == DESIGNER:
        gain_token(state, R.loc_token[R.loc_club.index(pref[0])])
    elif m == PHOTOGRAPHER:
        s = draw(state, "student")
        if s != EMPTY:
            place_student(state, s)
    elif m == TREASURER:
        low = min(B.tracks[c] for c in pref)
        _push(state, ((E_TRACK, next(c for c in pref if B.tracks[c] == low)),))
    drain(state, base)
