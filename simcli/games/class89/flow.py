"""Game flow: setup steps, rounds and turns, the effect queue and every decision a
(human) player takes. Ed's automated turns live in solo.py."""
from __future__ import annotations

from simcli.engine import MAX_AUTO_STEPS, Decision, IllegalActionError, step_cap_error

from . import solo
from .setup import draw, refill_empty, wipe_location
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
    ENTRANCE,
    HONOR,
    JANITOR,
    PHOTOGRAPHER,
    STAFF,
    TEACHER,
    TILE,
    TILE1,
    TREASURER,
    State,
)
from .yearbook import (
    empty_cells,
    letter_bounds,
    place_card,
    place_tile,
    student_cells,
    tile_fits,
    token_targets,
    tokens_of,
)

# a Decision built by tuple.__new__: the same named tuple without its Python-level
# __new__ (half the cost; the games build one per decision)
_new_tuple = tuple.__new__


def log(state: State, text: str) -> None:
    if state.log is not None:
        state.log.append(text)


def push(state: State, p: int, effects) -> None:
    """Queue effects to resolve in order, before anything already queued."""
    q = state.queue
    for code, arg in reversed(effects):
        q.append((code, p, arg))


def ask(state: State, p: int, kind: str, options, ctx=None) -> None:
    state.ctx = ctx
    state.pending = _new_tuple(Decision, (p, kind, tuple(options)))


# ----------------------------------------------------------------------------- start
def start_game(state: State) -> None:
    R = state.rules
    state.tile1_left = R.tile1_count
    state.hands = [[] for _ in range(R.seats)]
    steps = []
    humans = [0] if R.n_players == 1 else list(range(R.seats))
    if R.n_players == 1:
        state.ed = 1
        state.boards[1].is_ed = True
        state.first = 1  # C89-194 Ed is the first player
    for order, p in enumerate(humans):
        B = state.boards[p]
        B.sigs = R.start_sigs[order]
        if R.n_players == 1 and R.solo_extra_abc:
            B.abc += 1
        steps.append((p, "side"))
        if R.start_teacher:
            t = draw(state, "teacher")
            if t != EMPTY:
                place_card(R, B, 0, TEACHER + t)
        for _ in range(R.start_students):
            s = draw(state, "student")
            if s != EMPTY:
                state.hands[p].append(s)
        steps.extend((p, "student") for _ in state.hands[p])
    state.setup_queue = steps
    if state.ed >= 0:
        solo.setup_ed(state)


def setup_step(state: State) -> None:
    R = state.rules
    while state.setup_queue:
        p, kind = state.setup_queue[0]
        if kind == "side":
            ask(state, p, "side", ("A", "B"))
            return
        B = state.boards[p]
        hand = state.hands[p]
        opts = []
        bounds = letter_bounds(R, B)
        for i, s in enumerate(hand):
            opts.extend((i, c) for c in student_cells(R, B, s, bounds))
        if opts:
            ask(state, p, "start_student", opts)
            return
        state.discards["student"].extend(hand)  # unplaceable: discarded
        hand.clear()
        state.setup_queue = [x for x in state.setup_queue if x != (p, "student")]
    state.phase = "round_start"


def _others_fit(R, B, bounds, cell: int, s: int, others) -> bool:
    """Whether every other dealt student still has a legal space once ``s`` is at ``cell``."""
    pre, suf = bounds
    photo = B.photo
    ls = R.s_letter[s]
    for o in others:
        lo = R.s_letter[o]
        ok = False
        for d in range(R.n_cells):
            if d == cell or photo[d] != EMPTY or not pre[d] <= lo <= suf[d]:
                continue
            a, b = min(d, cell), max(d, cell)
            if any(photo[k] >= TEACHER for k in range(a + 1, b)):
                ok = True  # another class
            elif (d < cell and lo <= ls) or (d > cell and lo >= ls):
                ok = True
            if ok:
                break
        if not ok:
            return False
    return True


# ----------------------------------------------------------------------------- phases
def advance(state: State):
    """Run automatic steps until a player must decide; return that Decision or None."""
    steps = 0
    while True:
        if state.pending is not None:
            return state.pending
        steps += 1
        if steps > MAX_AUTO_STEPS:
            raise step_cap_error(steps)
        if state.queue:
            resolve(state, state.queue.pop())
            continue
        if state.over:
            return None
        phase = state.phase
        if phase == "turn":
            turn_step(state)
        elif phase == "actions":
            action_step(state)
        elif phase == "setup":
            setup_step(state)
        elif phase == "round_start":
            round_start(state)
        elif phase == "round_end":
            round_end(state)
        elif phase == "cleanup":
            cleanup(state)


def round_start(state: State) -> None:
    for B in state.boards:
        B.used = [False, False, False, False]
        B.visited = 0
    state.turn = 0
    if state.ed >= 0:
        solo.reveal_location(state)
    log(state, f"Round {state.round}")
    state.phase = "turn"


def turn_step(state: State) -> None:
    R = state.rules
    if state.turn >= R.turns_per_round * R.seats:
        state.phase = "round_end"
        return
    p = (state.first + state.turn) % R.seats
    if p == state.ed:
        solo.ed_turn(state)
        state.turn += 1
        state.turns_taken += 1
        return
    opts = place_options(state, p)
    if not opts:  # C89-072: no School Entrance and nothing affordable: forgo the turn
        log(state, f"P{p + 1} forgoes the turn")
        state.forgone += 1
        state.turn += 1
        state.turns_taken += 1
        return
    ask(state, p, "place", opts)


def place_options(state: State, p: int) -> list[tuple]:
    R = state.rules
    B = state.boards[p]
    costs = R.space_costs
    sigs = B.sigs
    visited = B.visited
    # loops instead of comprehensions (the same order; C integers in the compiled build)
    free = []
    normal = []
    spaces = state.spaces
    for loc in range(5):
        row = spaces[loc]
        for k in range(len(row)):
            if row[k] == EMPTY:
                free.append((loc, k))
                if not visited >> loc & 1 and costs[k] <= sigs:
                    normal.append((loc, k))
    entrance = R.school_entrance
    used = B.used
    opts = []
    for m in range(4):
        if used[m]:
            continue
        for pair in (free if m == TREASURER else normal):
            opts.append((m, pair[0], pair[1]))
        if entrance:
            opts.append((m, ENTRANCE, 0))
    return opts


def apply_place(state: State, p: int, action) -> None:
    m, loc, k = action
    B = state.boards[p]
    B.used[m] = True
    if loc != ENTRANCE:
        state.spaces[loc][k] = p
        B.visited |= 1 << loc
        if m != TREASURER:
            B.sigs -= state.rules.space_costs[k]
    state.tctx = [p, m, loc, False, False, False, {}]  # main, signature, ability done; cache
    state.phase = "actions"


# ----------------------------------------------------------------------------- actions
def take_options(state: State, p: int, loc: int, tag: str, students_only: bool) -> list:
    R = state.rules
    B = state.boards[p]
    opts = []
    bounds = None
    empties = None
    for slot, code in enumerate(state.display[loc]):
        if code == EMPTY:
            continue
        if code < TEACHER:
            if bounds is None:
                bounds = letter_bounds(R, B)
            cells = student_cells(R, B, code, bounds)
            opts += [(tag, slot, c, 0) for c in cells]
            if B.abc > 0:
                if empties is None:
                    empties = empty_cells(B)
                opts += [(tag, slot, c, 1) for c in empties]
        elif students_only:
            continue
        elif code < STAFF:
            opts += [(tag, slot, c, 0) for c in teacher_cells(B)]
        elif code < TILE:
            if len(B.staff) < R.staff_slots:
                opts.append((tag, slot, -1, 0))
        else:
            opts += [(tag, slot, pos, 0) for pos in tile_fits(R, B, code - TILE)]
    return opts


def teacher_cells(B) -> list[int]:
    """C89-084/085: the first teacher goes in the top left space (when it is free), later
    teachers anywhere."""
    photo = B.photo
    if photo[0] == EMPTY:
        for x in photo:
            if x >= TEACHER:
                break
        else:
            return [0]
    out = []
    for c in range(len(photo)):
        if photo[c] == EMPTY:
            out.append(c)
    return out


def _cached_takes(state: State, p: int, loc: int, tag: str, students_only: bool) -> list:
    """take_options, reused within a turn while the display and the yearbook are unchanged."""
    B = state.boards[p]
    key = (tag, tuple(state.display[loc]), tuple(B.photo), B.gmask, len(B.staff), B.abc)
    cache = state.tctx[6]
    hit = cache.get(tag)
    if hit is not None and hit[0] == key:
        return hit[1]
    opts = take_options(state, p, loc, tag, students_only)
    cache[tag] = (key, opts)
    return opts


def action_options(state: State) -> list:
    R = state.rules
    p, m, loc, main_done, sig_done, ability_done, _ = state.tctx
    B = state.boards[p]
    # card options first (main action, then Photographer), then the others
    opts: list = []
    main_possible = False
    if not main_done and loc != ENTRANCE:
        takes = _cached_takes(state, p, loc, "take", False)
        main_possible = bool(takes)
        opts.extend(takes)
    if not ability_done and m == PHOTOGRAPHER and loc != ENTRANCE:
        opts.extend(_cached_takes(state, p, loc, "photo", True))
    if not main_done and loc == ENTRANCE:
        opts.append("main")
        main_possible = True
    if not sig_done and B.sigs >= 1:
        opts.append("sig_token")
        if loc != ENTRANCE:
            opts.append("sig_refresh")
    if not ability_done and (m == EDITOR or m == DESIGNER):
        opts.append("ability")
    if B.storage and token_targets(R, B):
        for t in sorted(set(B.storage)):
            opts.append(("store", t))
    if B.sigs >= 2 and can_move(R, B):
        opts.append("move")
    if main_done or not main_possible:
        opts.append("end")
    return opts


def can_move(R, B) -> bool:
    """A token on a student and another student with room (C89-109)."""
    cap = R.max_tokens
    photo, tok = B.photo, B.tok
    holders = [tok[c] for c in range(len(photo)) if 0 <= photo[c] < TEACHER]
    if B.ss:
        holders.extend(ss[2] for ss in B.ss)
    with_tokens = 0
    room = 0
    both = 0
    for t in holders:
        n = sum(t)
        if n:
            with_tokens += 1
        if n < cap:
            room += 1
            if n:
                both += 1
    # some holder with tokens, and a different holder with room
    return with_tokens > 0 and (room > 1 or (room == 1 and with_tokens > both))


def move_sources(R, B) -> list[tuple]:
    targets = token_targets(R, B)
    out = []
    for target in [c for c, code in enumerate(B.photo) if 0 <= code < TEACHER] + [
            100 + k for k in range(len(B.ss))]:
        toks = tokens_of(B, target)
        if any(toks) and any(x != target for x in targets):
            out.extend((target, t) for t in range(5) if toks[t])
    return out


def action_step(state: State) -> None:
    opts = action_options(state)
    if opts == ["end"]:
        end_turn(state)
        return
    ask(state, state.tctx[0], "action", opts)


def end_turn(state: State) -> None:
    state.tctx = None
    state.turn += 1
    state.turns_taken += 1
    state.phase = "turn"


def take_item(state: State, p: int, loc: int, slot: int, target: int, abc: int) -> None:
    """Take a card or tile from a school display and place it in p's yearbook."""
    R = state.rules
    B = state.boards[p]
    code = state.display[loc][slot]
    state.display[loc][slot] = EMPTY
    ss = state.display_ss[loc][slot]
    state.display_ss[loc][slot] = EMPTY
    if code < STAFF:
        push(state, p, place_card(R, B, target, code, bool(abc)))
    elif code < TILE:
        B.staff.append(code - STAFF)
        push(state, p, R.st_eff[code - STAFF])
    else:
        tile = code - TILE
        push(state, p, place_tile(R, B, tile, R.tl_cells[tile][target], ss))


def apply_action(state: State, action) -> None:
    R = state.rules
    ctx = state.tctx
    p, m, loc = ctx[0], ctx[1], ctx[2]
    B = state.boards[p]
    if action == "end":
        end_turn(state)
    elif action == "main":  # School Entrance: a 1x1 tile and 2 signatures (C89-065)
        ctx[3] = True
        push(state, p, R.entrance_effects)
    elif action == "sig_token":
        ctx[4] = True
        B.sigs -= 1
        push(state, p, ((E_TOK, ANY if loc == ENTRANCE else R.loc_token[loc]),))
    elif action == "sig_refresh":
        ctx[4] = True
        B.sigs -= 1
        wipe_location(state, loc)
    elif action == "ability":
        ctx[5] = True
        if m == EDITOR:
            push(state, p, ((E_TRACK, HONOR if loc == ENTRANCE else R.loc_club[loc]),))
        else:  # Designer: a signature and a token of the location (any at the Entrance)
            push(state, p, ((E_SIG, 1), (E_TOK, ANY if loc == ENTRANCE else R.loc_token[loc])))
    elif action == "move":
        ask(state, p, "move_from", move_sources(R, B))
    elif action[0] == "take":
        ctx[3] = True
        take_item(state, p, loc, action[1], action[2], action[3])
    elif action[0] == "photo":
        ctx[5] = True
        take_item(state, p, loc, action[1], action[2], action[3])
    elif action[0] == "store":
        ask(state, p, "store_to", token_targets(R, B), action[1])


# ----------------------------------------------------------------------------- effects
def resolve(state: State, item) -> None:
    code, p, arg = item
    if p == state.ed:
        solo.resolve_ed(state, item)
        return
    R = state.rules
    B = state.boards[p]
    if code == E_SIG:
        B.sigs += arg
    elif code == E_TOK:
        if arg == ANY:
            ask(state, p, "token_type", (0, 1, 2, 3, 4))
            return
        targets = token_targets(R, B)
        opts: list = list(targets)
        if len(B.storage) < R.storage:
            opts.append("store")
        elif targets:
            for k in sorted(set(B.storage)):
                opts.extend(("swap", k, t) for t in targets)
        if not opts:
            return  # C89-107 no room: discarded
        opts.append("discard")
        ask(state, p, "token", opts, arg)
    elif code == E_TRACK:
        advance_track(state, p, arg)
    elif code == E_TILE1:
        if state.tile1_left <= 0:
            return
        cells = [j for j, x in enumerate(B.grid) if x == EMPTY]
        if cells:  # C89-122 full grid: discarded
            ask(state, p, "tile1", cells + ["discard"])
    elif code == E_DRAW_S or code == E_DRAW_T:
        kind = "student" if code == E_DRAW_S else "teacher"
        cards = []
        for _ in range(R.draw_count):
            c = draw(state, kind)
            if c != EMPTY:
                cards.append(c)
        if not cards:
            return
        opts = keep_options(state, p, kind, cards)
        if not opts:  # the kept card cannot be placed: discarded (C89-095/124)
            state.discards[kind].append(cards[0])
            state.decks[kind][0:0] = cards[1:]
            return
        ask(state, p, "keep", opts, (kind, cards))
    elif code == E_FACE_S or code == E_FACE_T:
        opts = faceup_options(state, p, code == E_FACE_S)
        if opts:  # C89-097/143: no legal card: the bonus is lost
            ask(state, p, "faceup", opts + ["none"])
    elif code == E_MAJ:
        ask(state, p, "majority", ("sig", "token"), arg)


def keep_options(state: State, p: int, kind: str, cards) -> list:
    R = state.rules
    B = state.boards[p]
    empties = empty_cells(B)
    opts: list = []
    if kind == "student":
        bounds = letter_bounds(R, B)
        for i, s in enumerate(cards):
            cells = student_cells(R, B, s, bounds)
            opts.extend((i, c, 0) for c in cells)
            if B.abc > 0:
                opts.extend((i, c, 1) for c in empties)
        if opts:
            opts.append("none")  # C89-094 keep up to 1
    else:
        cells = teacher_cells(B)
        for i in range(len(cards)):
            opts.extend((i, c, 0) for c in cells)
    return opts


def faceup_options(state: State, p: int, students: bool) -> list:
    R = state.rules
    B = state.boards[p]
    opts = []
    bounds = letter_bounds(R, B) if students else None
    empties = empty_cells(B)
    for loc in range(5):
        for slot, code in enumerate(state.display[loc]):
            if students and 0 <= code < TEACHER:
                cells = student_cells(R, B, code, bounds)
                opts.extend((loc, slot, c, 0) for c in cells)
                if B.abc > 0:
                    opts.extend((loc, slot, c, 1) for c in empties)
            elif not students and TEACHER <= code < STAFF:
                opts.extend((loc, slot, c, 0) for c in teacher_cells(B))
    return opts


def advance_track(state: State, p: int, club: int) -> None:
    """One step up a club track: the spot's reward (C89-140), or at the top a
    signature instead (C89-145)."""
    R = state.rules
    B = state.boards[p]
    if B.tracks[club] >= R.track_len:
        B.sigs += 1
        return
    B.tracks[club] += 1
    push(state, p, R.track_rewards[club][B.tracks[club] - 1])


def apply_sub(state: State, kind: str, action) -> None:
    """Apply the answer to a decision raised while resolving an effect."""
    R = state.rules
    p = state.pending.player
    B = state.boards[p]
    ctx = state.ctx
    state.pending = None
    state.ctx = None
    if kind == "token":
        t = ctx
        if action == "discard":
            return
        if action == "store":
            B.storage.append(t)
        elif isinstance(action, tuple):  # swap: a stored token goes to a student
            _, k, target = action
            B.storage.remove(k)
            tokens_of(B, target)[k] += 1
            B.storage.append(t)
        else:
            tokens_of(B, action)[t] += 1
    elif kind == "token_type":
        push(state, p, ((E_TOK, action),))
    elif kind == "tile1":
        if action != "discard":
            state.tile1_left -= 1
            push(state, p, place_tile(R, B, TILE1, (action,)))
    elif kind == "keep":
        deck_kind, cards = ctx
        if action == "none":
            state.decks[deck_kind][0:0] = cards
            return
        i, cell, abc = action
        rest = [c for j, c in enumerate(cards) if j != i]
        state.decks[deck_kind][0:0] = rest  # the others go to the bottom of the deck
        code = cards[i] if deck_kind == "student" else TEACHER + cards[i]
        push(state, p, place_card(R, B, cell, code, bool(abc)))
    elif kind == "faceup":
        if action != "none":
            loc, slot, cell, abc = action
            code = state.display[loc][slot]
            state.display[loc][slot] = EMPTY
            push(state, p, place_card(R, B, cell, code, bool(abc)))
    elif kind == "majority":
        if action == "sig":
            B.sigs += 1
        else:
            club = ctx
            push(state, p, ((E_TOK, ANY if club == HONOR else R.loc_token[club]),))
    elif kind == "store_to":
        B.storage.remove(ctx)
        tokens_of(B, action)[ctx] += 1
    elif kind == "move_from":
        target, t = action
        B.sigs -= 2
        tokens_of(B, target)[t] -= 1
        ask(state, p, "move_to", [x for x in token_targets(R, B) if x != target], (target, t))
    elif kind == "move_to":
        tokens_of(B, action)[ctx[1]] += 1
    elif kind == "side":
        B.side = 0 if action == "A" else 1
        state.setup_queue.pop(0)
    elif kind == "start_student":
        i, cell = action
        s = state.hands[p].pop(i)
        state.setup_queue.pop(0)
        push(state, p, place_card(R, B, cell, s))


def apply(state: State, action) -> None:
    d = state.pending
    if d is None:
        d = advance(state)
        if d is None:
            raise IllegalActionError("the game is over")
    if action not in d.options:
        raise IllegalActionError(f"{action!r} is not an option of {d.kind}")
    kind = d.kind
    if kind == "place":
        state.pending = None
        apply_place(state, d.player, action)
    elif kind == "action":
        state.pending = None
        apply_action(state, action)
    else:
        apply_sub(state, kind, action)


# ----------------------------------------------------------------------------- round end
def round_end(state: State) -> None:
    """Majority rewards per track (C89-152..154), Ed's unused team member reward."""
    effects = []
    for club in range(6):
        vals = [B.tracks[club] for B in state.boards]
        top = max(vals)
        if vals.count(top) == 1:
            effects.append((E_MAJ, vals.index(top), club))
    if state.ed >= 0:
        effects.append(("ed_unused", state.ed, 0))
    for item in reversed(effects):
        state.queue.append(item)
    state.phase = "cleanup"


def cleanup(state: State) -> None:
    R = state.rules
    if state.round >= R.rounds:
        state.over = True
        state.end_reason = "rounds"
        return
    for loc in range(5):  # 1. retrieve team members (janitors stay)
        row = state.spaces[loc]
        for k in range(3):
            if row[k] != JANITOR:
                row[k] = EMPTY
    if state.round == 2:  # 2. Winter Break wipe, then refill
        for loc in range(5):
            wipe_location(state, loc)
    refill_empty(state)
    if state.janitors:  # 3. janitors move one location right
        for j in state.janitors:
            state.spaces[j[0]][j[1]] = EMPTY
        for j in state.janitors:
            j[0] = (j[0] + 1) % 5
            state.spaces[j[0]][j[1]] = JANITOR
    if R.seats >= 3 or state.round == 2:  # 4. first player token
        state.first = (state.first + 1) % R.seats
    state.round += 1  # 5. round track
    state.phase = "round_start"


