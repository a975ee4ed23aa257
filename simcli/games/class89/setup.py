"""Compile data.toml into lookup tables (once per run) and set up a game."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from simcli.engine import RulesError
from simcli.games.rand import shuffle
from simcli.games.schema import check_names

from .bounds import check_references
from .state import (
    ANY,
    E_DRAW_S,
    E_DRAW_T,
    E_FACE_S,
    E_FACE_T,
    E_SIG,
    E_TILE1,
    E_TOK,
    E_TRACK,
    EMPTY,
    JANITOR,
    STAFF,
    TEACHER,
    TILE,
    Board,
    State,
)

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
DIFFICULTIES = ("easy", "normal", "hard")


class Rules:
    """Everything setup and the rules need, as plain tuples and ints."""

    def __init__(self, **kw):
        self.__dict__.update(kw)


def _need(data, key, kind=None):
    if key not in data:
        raise RulesError(key, "missing")
    value = data[key]
    if kind is not None and not isinstance(value, kind) or isinstance(value, bool) and kind is int:
        raise RulesError(key, f"expected {getattr(kind, '__name__', kind)}, got {value!r}")
    return value


def compile_rules(data: Mapping[str, Any], n_players: int) -> Rules:
    check_references(data)
    board = _need(data, "board", dict)
    clubs = tuple(board["clubs"])
    tokens = tuple(board["tokens"])
    if len(clubs) != 6 or len(tokens) != 5:
        raise RulesError("board.clubs", "six clubs and five token types expected")
    club_ix = {c: i for i, c in enumerate(clubs)}
    tok_ix = {t: i for i, t in enumerate(tokens)}

    def club(key, name):
        if name not in club_ix:
            raise RulesError(key, f"unknown club {name!r}; clubs: {', '.join(clubs)}")
        return club_ix[name]

    def token(key, name, allow_any=False):
        if allow_any and name == "any":
            return ANY
        if name not in tok_ix:
            raise RulesError(key, f"unknown token {name!r}; tokens: {', '.join(tokens)}")
        return tok_ix[name]

    def effects(key, items):
        out = []
        for j, item in enumerate(items):
            if item == "":
                continue
            head, _, arg = str(item).partition(":")
            k = f"{key}[{j}]"
            if head == "sig":
                out.append((E_SIG, 1))
            elif head == "token":
                out.append((E_TOK, token(k, arg, True)))
            elif head == "track":
                out.append((E_TRACK, club(k, arg)))
            elif head == "tile1":
                out.append((E_TILE1, 0))
            elif head == "draw" and arg in ("student", "teacher"):
                out.append((E_DRAW_S if arg == "student" else E_DRAW_T, 0))
            elif head == "faceup" and arg in ("student", "teacher"):
                out.append((E_FACE_S if arg == "student" else E_FACE_T, 0))
            else:
                raise RulesError(k, f"unknown effect {item!r}")
        return tuple(out)

    rows, cols = int(board["photo_rows"]), int(board["photo_cols"])
    grows, gcols = int(board["grid_rows"]), int(board["grid_cols"])
    n_cells, n_grid = rows * cols, grows * gcols

    # students
    stu = _need(data, "student", list)
    s_letter, s_left, s_right, s_name = [], [], [], []
    for i, s in enumerate(stu):
        if s.get("letter") not in tuple(LETTERS):
            raise RulesError(f"student[{i}].letter", "a capital letter A-Z expected")
        s_letter.append(LETTERS.index(s["letter"]))
        s_left.append(club(f"student[{i}].left", s["left"]))
        s_right.append(club(f"student[{i}].right", s["right"]))
        s_name.append(s.get("name", f"student {i}"))
    # teachers
    t_icon, t_score, t_name = [], [], []
    for i, t in enumerate(_need(data, "teacher", list)):
        sc = t.get("score", {})
        kind = sc.get("kind")
        pts = int(sc.get("points", 0))
        if kind == "per_student":
            t_score.append((kind, pts, ()))
        elif kind == "per_student_with_all":
            t_score.append((kind, pts, tuple(token(f"teacher[{i}].score.tokens", x)
                                             for x in sc.get("tokens", ()))))
        elif kind == "per_pair_icon":
            t_score.append((kind, pts, (club(f"teacher[{i}].score.club", sc.get("club")),)))
        elif kind == "per_seq_pair":
            t_score.append((kind, pts, ()))
        else:
            raise RulesError(f"teacher[{i}].score.kind", f"unknown teacher scoring {kind!r}")
        t_icon.append(club(f"teacher[{i}].icon", t["icon"]))
        t_name.append(t.get("name", f"teacher {i}"))
    # staff
    st_club, st_eff, st_name = [], [], []
    for i, s in enumerate(_need(data, "staff", list)):
        st_club.append(club(f"staff[{i}].club", s["club"]))
        st_eff.append(effects(f"staff[{i}].effects", s.get("effects", ())))
        st_name.append(s.get("name", f"staff {i}"))
    # tiles
    tl_stack, tl_fits, tl_eff, tl_score, tl_student, tl_name, tl_size = [], [], [], [], [], [], []
    for i, t in enumerate(_need(data, "tile", list)):
        stack = t.get("stack")
        if stack not in ("A", "B", "C", "D"):
            raise RulesError(f"tile[{i}].stack", "one of A, B, C, D expected")
        w, h = int(t["width"]), int(t["height"])
        if not (1 <= w <= gcols and 1 <= h <= grows):
            raise RulesError(f"tile[{i}]", f"width x height = {w}x{h} does not fit the "
                             f"board.grid_cols x board.grid_rows = {gcols}x{grows} grid")
        fits = []
        for r in range(grows - h + 1):
            for c in range(gcols - w + 1):
                cells = tuple((r + dr) * gcols + c + dc for dr in range(h) for dc in range(w))
                fits.append((r * gcols + c, cells))
        tl_fits.append(tuple(fits))
        tl_size.append(w * h)
        tl_stack.append(stack)
        tl_eff.append(effects(f"tile[{i}].effects", t.get("effects", ())))
        tl_student.append(bool(t.get("student", False)))
        tl_name.append(t.get("name", f"tile {i}"))
        sc = t.get("score")
        if sc is None:
            tl_score.append(None)
            continue
        kind = sc.get("kind")
        k = f"tile[{i}].score"
        if kind == "students_with_distinct_tokens":
            tl_score.append((kind, int(sc["points"]), int(sc["n"])))
        elif kind == "superlative_tokens":
            tl_score.append((kind, int(sc["points"]), token(k + ".token", sc["token"])))
        elif kind == "distinct_matches":
            tl_score.append((kind, 0, tuple(int(x) for x in sc["table"])))
        elif kind == "classes_with_token_students":
            tl_score.append((kind, int(sc["points"]),
                             (token(k + ".token", sc["token"]), int(sc["n"]))))
        elif kind == "flat":
            tl_score.append((kind, int(sc["points"]), 0))
        elif kind == "per_two_tokens":
            tl_score.append((kind, 1, token(k + ".token", sc["token"])))
        else:
            raise RulesError(k + ".kind", f"unknown tile scoring {kind!r}")
    # objectives
    measures = {
        "students_with_token_in_class", "tokens_in_row", "tokens_in_column",
        "connected_students_with_token", "students_with_n_tokens", "full_classes",
        "tokens_adjacent_teacher", "tokens_adjacent_token", "alpha_runs",
        "students_with_distinct_tokens", "largest_class",
    }
    ob = []
    for i, o in enumerate(_need(data, "objective", list)):
        k = f"objective[{i}]"
        if o.get("measure") not in measures:
            raise RulesError(k + ".measure", f"unknown measure {o.get('measure')!r}")
        tk = token(k + ".token", o["token"]) if "token" in o else -1
        other = token(k + ".other", o["other"]) if "other" in o else -1
        ob.append(dict(name=o["name"], type=club(k + ".type", o["type"]), set=o.get("set", ""),
                       measure=o["measure"], token=tk, other=other, n=int(o.get("n", 0)),
                       min=int(o["min"]), t1=int(o["t1"]), t2=int(o["t2"])))
    # locations
    locs = _need(data, "location", list)
    if len(locs) != 5:
        raise RulesError("location", "five locations expected")
    loc_club, loc_token, loc_display, loc_name = [], [], [], []
    for i, loc in enumerate(locs):
        loc_club.append(club(f"location[{i}].club", loc["club"]))
        loc_token.append(token(f"location[{i}].token", loc["token"]))
        disp = []
        for j, kind in enumerate(loc["display"]):
            if kind not in ("student", "teacher", "staff") and kind not in (
                    "tile:A", "tile:B", "tile:C", "tile:D"):
                raise RulesError(f"location[{i}].display[{j}]", f"unknown slot kind {kind!r}")
            disp.append(kind.replace("tile:", ""))
        loc_display.append(tuple(disp))
        loc_name.append(loc["name"])
    entrance = data.get("entrance", {})
    tracks = _need(data, "tracks", dict)
    length = int(tracks["length"])
    track_rewards = []
    for c in clubs:
        rw = tracks.get(c)
        if rw is None or len(rw) != length:
            raise RulesError(f"tracks.{c}", f"tracks.length = {length}: {length} spot rewards "
                             "expected")
        track_rewards.append(tuple(effects(f"tracks.{c}[{j}]", [x]) for j, x in enumerate(rw)))
    comp = _need(data, "completion", dict)
    if len(comp["rows"]) != rows:
        raise RulesError("completion.rows", f"board.photo_rows = {rows}: {rows} row bonuses "
                         "expected")
    row_bonus = tuple(effects(f"completion.rows[{r}]", x) for r, x in enumerate(comp["rows"]))
    col_bonus = []
    for side in ("side_a", "side_b"):
        if len(comp[side]) != cols:
            raise RulesError(f"completion.{side}", f"board.photo_cols = {cols}: {cols} column "
                             "bonuses expected")
        col_bonus.append(tuple(effects(f"completion.{side}[{c}]", x)
                               for c, x in enumerate(comp[side])))
    grid = _need(data, "grid", dict)
    if len(grid["icons"]) != n_grid:
        raise RulesError("grid.icons", f"board.grid_rows x board.grid_cols = {grows} x {gcols}: "
                         f"{n_grid} grid spaces expected")
    grid_icons = tuple(effects(f"grid.icons[{j}]", [x]) for j, x in enumerate(grid["icons"]))
    hv = grid["halves"]
    halves = (
        (tuple(j for j in range(n_grid) if j // gcols < grows // 2),
         club("grid.halves.top", hv["top"])),
        (tuple(j for j in range(n_grid) if j // gcols >= (grows + 1) // 2),
         club("grid.halves.bottom", hv["bottom"])),
        (tuple(j for j in range(n_grid) if j % gcols < gcols // 2),
         club("grid.halves.left", hv["left"])),
        (tuple(j for j in range(n_grid) if j % gcols >= (gcols + 1) // 2),
         club("grid.halves.right", hv["right"])),
    )
    # player-count parameters
    seats = 2 if n_players == 1 else n_players
    sigs = _need(data, "start_signatures", dict)
    key = str(n_players)
    if key not in sigs:
        raise RulesError(f"start_signatures.{key}", f"no starting signatures for {key} players")
    start_sigs = sigs[key]
    want = 1 if n_players == 1 else n_players
    if (not isinstance(start_sigs, list) or len(start_sigs) != want
            or any(not isinstance(x, int) or isinstance(x, bool) or x < 0 for x in start_sigs)):
        raise RulesError(f"start_signatures.{key}", f"{want} non-negative integers expected")
    opts = _need(data, "objective_points", dict)
    okey = str(seats)
    if okey not in opts or len(opts[okey]) < 1:
        raise RulesError(f"objective_points.{okey}", "missing")
    oset = data.get("objective_set", "random")
    if oset not in ("A", "B", "C", "D", "random"):
        raise RulesError("objective_set", "one of A, B, C, D, random expected")
    by_type = [[i for i, o in enumerate(ob) if o["type"] == c] for c in range(6)]
    if any(not x for x in by_type):
        raise RulesError("objective", "every club needs at least one objective card")
    if oset != "random":
        for c in range(6):
            if not [i for i in by_type[c] if ob[i]["set"] == oset]:
                raise RulesError("objective_set", f"set {oset} has no {clubs[c]} card")
    mode = data.get("objective_mode", "standard")
    if mode not in ("standard", "casual"):
        raise RulesError("objective_mode", "standard or casual expected")
    thr = data.get("objective_threshold", "min")
    if thr not in ("min", "t1", "t2"):
        raise RulesError("objective_threshold", "min, t1 or t2 expected")
    diff = data.get("solo_difficulty", "normal")
    if diff not in DIFFICULTIES:
        raise RulesError("solo_difficulty", "easy, normal or hard expected")
    jan = data.get("janitor_spaces", {})
    jspaces = tuple(int(x) for x in jan.get(str(seats), ())) if seats < 4 else ()
    if any(x not in (0, 1, 2) for x in jspaces) or len(jspaces) > 5:
        raise RulesError(f"janitor_spaces.{seats}", "up to five of 0, 1, 2 expected")
    staff_points = tuple(int(x) for x in data.get("staff_points", (0, 1, 3, 6, 10)))
    if len(staff_points) < int(board["staff_slots"]) + 1:
        raise RulesError("staff_points", "one entry per number of icons 0..board.staff_slots "
                         f"({int(board['staff_slots']) + 1})")
    # solo cards
    loc_names = {n: i for i, n in enumerate(loc_name)}
    solo_loc, solo_choice = [], []
    if n_players == 1:
        from .state import MEMBERS
        check_names("location", loc_name, [(f"solo_location[{i}].{m}", card[m])
                                           for i, card in enumerate(data["solo_location"])
                                           for m in (*MEMBERS, "x")], field=".name")
        for i, card in enumerate(_need(data, "solo_location", list)):
            try:
                solo_loc.append((tuple(loc_names[card[m]] for m in MEMBERS), loc_names[card["x"]]))
            except KeyError as e:
                raise RulesError(f"solo_location[{i}]", f"unknown location {e}") from None
        item_kinds = ("student", "teacher", "staff", "tile")
        for i, card in enumerate(_need(data, "solo_choice", list)):
            if len(card["items"]) != 5 or any(x not in item_kinds for x in card["items"]):
                raise RulesError(f"solo_choice[{i}].items", "five of student/teacher/staff/tile")
            if sorted(card["back"]) != sorted(MEMBERS):
                raise RulesError(f"solo_choice[{i}].back", "the four team members expected")
            solo_choice.append((tuple(item_kinds.index(x) for x in card["items"]),
                                tuple(MEMBERS.index(m) for m in card["back"])))
    half_icons = bool(data.get("half_icons", True))
    icon_teachers = tuple(i for i, s in enumerate(t_score) if s[0] == "per_pair_icon")
    icon_tiles = tuple(i for i, s in enumerate(tl_score) if s and s[0] == "distinct_matches")
    return Rules(
        n_players=n_players, seats=seats, clubs=clubs, tokens=tokens,
        rows=rows, cols=cols, n_cells=n_cells, grows=grows, gcols=gcols, n_grid=n_grid,
        storage=int(board["storage"]), max_tokens=int(board["max_tokens"]),
        staff_slots=int(board["staff_slots"]), rounds=int(board["rounds"]),
        turns_per_round=int(board["turns_per_round"]), abc_tokens=int(board["abc_tokens"]),
        tile1_count=int(board["tile1_count"]), draw_count=int(board["draw_count"]),
        s_letter=tuple(s_letter), s_left=tuple(s_left), s_right=tuple(s_right),
        s_name=tuple(s_name), t_icon=tuple(t_icon), t_score=tuple(t_score),
        t_name=tuple(t_name), st_club=tuple(st_club), st_eff=tuple(st_eff),
        st_name=tuple(st_name), tl_stack=tuple(tl_stack), tl_fits=tuple(tl_fits),
        tl_eff=tuple(tl_eff), tl_score=tuple(tl_score), tl_student=tuple(tl_student),
        tl_name=tuple(tl_name), tl_size=tuple(tl_size),
        tl_cells=tuple({pos: cells for pos, cells in f} for f in tl_fits),
        tl_masks=tuple(tuple((pos, sum(1 << j for j in cells)) for pos, cells in f)
                       for f in tl_fits), objectives=tuple(ob),
        obj_by_type=tuple(tuple(x) for x in by_type), objective_set=oset,
        objective_mode=mode, objective_threshold=thr,
        objective_points=tuple(int(x) for x in opts[okey]),
        casual_points=int(data.get("casual_points", 10)),
        loc_club=tuple(loc_club), loc_token=tuple(loc_token), loc_display=tuple(loc_display),
        loc_name=tuple(loc_name),
        entrance_effects=effects("entrance.effects",
                                 entrance.get("effects", ["tile1", "sig", "sig"])),
        track_len=length, track_rewards=tuple(track_rewards), row_bonus=row_bonus,
        col_bonus=tuple(col_bonus), grid_icons=grid_icons, halves=halves,
        half_masks=tuple((sum(1 << j for j in cells), club) for cells, club in halves),
        start_sigs=tuple(start_sigs), half_icons=half_icons,
        school_entrance=bool(data.get("school_entrance", True)),
        solo_difficulty=diff, solo_extra_abc=bool(data.get("solo_extra_abc", False)),
        solo_win=int(data.get("solo_points", {}).get("win", 14)),
        solo_lose=int(data.get("solo_points", {}).get("lose", 6)),
        start_teacher=bool(data.get("start_teacher", True)),
        start_students=int(data.get("start_students", 2)),
        janitor_spaces=jspaces, staff_points=staff_points,
        track_top_points=int(data.get("track_top_points", 5)),
        half_points=int(data.get("half_points", 2)),
        tile1_points=int(data.get("tile1_points", 1)),
        abc_points=int(data.get("abc_points", 2)),
        sigs_per_point=int(data.get("signatures_per_point", 2)),
        space_costs=tuple(int(x) for x in data.get("space_costs", (0, 1, 2))),
        solo_loc=tuple(solo_loc), solo_choice=tuple(solo_choice),
        icon_teachers=icon_teachers, icon_tiles=icon_tiles,
    )


# ----------------------------------------------------------------------------- setup
def new_board(R: Rules) -> Board:
    b = Board(R.n_cells, R.n_grid)
    b.abc = R.abc_tokens
    return b


def draw(state: State, kind: str) -> int:
    """Top card of a deck (kind: student, teacher, staff, A-D), reshuffling its discards
    when it runs out; EMPTY when both are empty."""
    deck = state.decks[kind]
    if not deck:
        pile = state.discards[kind]
        if not pile:
            return EMPTY
        shuffle(state.rng, pile)
        deck.extend(pile)
        pile.clear()
    return deck.pop()


def card_code(kind: str, cid: int) -> int:
    if kind == "student":
        return cid
    if kind == "teacher":
        return TEACHER + cid
    if kind == "staff":
        return STAFF + cid
    return TILE + cid


def discard_code(state: State, code: int) -> None:
    if code == EMPTY:
        return
    R = state.rules
    if code < TEACHER:
        state.discards["student"].append(code)
    elif code < STAFF:
        state.discards["teacher"].append(code - TEACHER)
    elif code < TILE:
        state.discards["staff"].append(code - STAFF)
    else:
        state.discards[R.tl_stack[code - TILE]].append(code - TILE)


def fill_slot(state: State, loc: int, slot: int) -> None:
    kind = state.rules.loc_display[loc][slot]
    deck_kind = kind if kind in ("student", "teacher", "staff") else kind
    cid = draw(state, deck_kind)
    if cid == EMPTY:
        state.display[loc][slot] = EMPTY
        return
    code = card_code(kind if kind in ("student", "teacher", "staff") else "tile", cid)
    state.display[loc][slot] = code
    state.display_ss[loc][slot] = EMPTY
    if code >= TILE and state.rules.tl_student[cid]:
        state.display_ss[loc][slot] = draw(state, "student")


def refill_empty(state: State) -> None:
    for loc in range(5):
        disp = state.display[loc]
        for slot in range(len(disp)):
            if disp[slot] == EMPTY:
                fill_slot(state, loc, slot)


def wipe_location(state: State, loc: int) -> None:
    disp = state.display[loc]
    for slot in range(len(disp)):
        code = disp[slot]
        if code != EMPTY:
            discard_code(state, code)
            ss = state.display_ss[loc][slot]
            if ss != EMPTY:
                state.discards["student"].append(ss)
            disp[slot] = EMPTY
            state.display_ss[loc][slot] = EMPTY
    for slot in range(len(disp)):
        fill_slot(state, loc, slot)


def setup_game(R: Rules, rng) -> State:
    s = State()
    s.rng = rng
    s.rules = R
    s.n = R.n_players
    s.seats = R.seats
    s.boards = [new_board(R) for _ in range(R.seats)]
    s.round = 1
    s.turn = 0
    s.first = 0
    s.phase = "setup"
    # decks (top = end of list); the half-icon variant removes half-icon teachers/tiles
    # (equivalent to discarding and re-drawing them whenever drawn)
    teachers = [i for i in range(len(R.t_icon))
                if R.half_icons or i not in R.icon_teachers]
    s.decks = {"student": list(range(len(R.s_letter))), "teacher": teachers,
               "staff": list(range(len(R.st_club)))}
    for st in ("A", "B", "C", "D"):
        s.decks[st] = [i for i, x in enumerate(R.tl_stack)
                       if x == st and (R.half_icons or i not in R.icon_tiles)]
    s.discards = {k: [] for k in s.decks}
    for k in ("student", "teacher", "staff", "A", "B", "C", "D"):
        shuffle(rng, s.decks[k])
    # objectives: one per type
    objs = []
    for c in range(6):
        ids = R.obj_by_type[c]
        if R.objective_set != "random":
            objs.append(next(i for i in ids if R.objectives[i]["set"] == R.objective_set))
        else:
            objs.append(ids[int(rng.random() * len(ids))])
    s.objectives = tuple(objs)
    # school display
    s.display = [[EMPTY] * len(R.loc_display[loc]) for loc in range(5)]
    s.display_ss = [[EMPTY] * len(R.loc_display[loc]) for loc in range(5)]
    refill_empty(s)
    s.spaces = [[EMPTY, EMPTY, EMPTY] for _ in range(5)]
    # janitors: one per location club, flipped at random; k-th flipped takes space k
    s.janitors = []
    if R.janitor_spaces:
        order = list(range(5))
        shuffle(rng, order)
        for k, space in enumerate(R.janitor_spaces):
            loc = order[k]
            s.spaces[loc][space] = JANITOR
            s.janitors.append([loc, space])
    return s
