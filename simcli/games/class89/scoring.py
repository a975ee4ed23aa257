"""End-game scoring: club objective measures and ranking, teachers, Wildcat Way tiles,
staff, club tracks, signatures and ABC tokens; Ed's solo scoring."""
from __future__ import annotations

from .state import EMPTY, TEACHER, Board

CATEGORIES = ("objectives", "teachers", "wildcat", "staff", "tracks", "signatures", "abc")


# ------------------------------------------------------------------ yearbook structure
def classes(R, B: Board) -> list[tuple[int, list[int]]]:
    """(teacher cell, cells after it up to the next teacher) in reading order. Cells before
    the first teacher form a class without teacher (cell -1)."""
    out: list[tuple[int, list[int]]] = []
    cur: list[int] = []
    tcell = -1
    photo = B.photo
    for c in range(len(photo)):
        code = photo[c]
        if code >= TEACHER:
            if tcell >= 0 or cur:
                out.append((tcell, cur))
            tcell, cur = c, []
        else:
            cur.append(c)
    if tcell >= 0 or cur:
        out.append((tcell, cur))
    return out


def _students(B: Board, cells) -> list[int]:
    photo = B.photo
    out = []
    for c in cells:
        code = photo[c]
        if 0 <= code < TEACHER:
            out.append(c)
    return out


def _nbrs(cols: int, n: int, c: int) -> list[int]:
    """The cells beside ``c``: left, right, above, below."""
    out = []
    if c % cols:
        out.append(c - 1)
    if c % cols != cols - 1:
        out.append(c + 1)
    if c >= cols:
        out.append(c - cols)
    if c + cols < n:
        out.append(c + cols)
    return out


def _letter(R, B: Board, c: int) -> int:
    code = B.photo[c]
    if not 0 <= code < TEACHER or c in B.abc_cells:
        return -10
    return R.s_letter[code]


def seq_pairs(R, B: Board, cells) -> int:
    """Pairs of side-by-side students (reading order) whose letters are consecutive."""
    n = 0
    for c in cells:
        if c + 1 in cells:
            a, b = _letter(R, B, c), _letter(R, B, c + 1)
            if a >= 0 and b == a + 1:
                n += 1
    return n


def icon_pairs(R, B: Board) -> list[tuple[int, int]]:
    """(left cell, club) of every matching half-icon pair in the class photo section."""
    if not R.half_icons:
        return []
    photo = B.photo
    out = []
    for c in range(R.n_cells - 1):
        a, b = photo[c], photo[c + 1]
        if a == EMPTY or not 0 <= b < TEACHER:
            continue
        ra = R.t_icon[a - TEACHER] if a >= TEACHER else R.s_right[a]
        if ra == R.s_left[b]:
            out.append((c, ra))
    return out


def all_token_holders(B: Board) -> list[list[int]]:
    """Token lists of every student in the yearbook, senior superlatives included."""
    photo = B.photo
    out = [B.tok[c] for c in range(len(photo)) if 0 <= photo[c] < TEACHER]
    out.extend(ss[2] for ss in B.ss)
    return out


# ------------------------------------------------------------------ objective measures
def _most_line_tokens(photo, tok, t: int, lines: int, line_step: int, along: int,
                      step: int) -> int:
    """The most tokens of type ``t`` on the students of one line of the grid: line ``i``
    holds the cells ``i * line_step + k * step`` for ``k < along`` (rows: step 1 along a
    row of ``cols``; columns: step ``cols`` down a column)."""
    sums = []
    for i in range(lines):
        k = 0
        for m in range(along):
            c = i * line_step + m * step
            code = photo[c]
            if 0 <= code < TEACHER:
                k += tok[c][t]
        sums.append(k)
    return max(sums)


def measure(R, B: Board, obj: dict) -> int:
    # loops instead of generator expressions (the same values; scoring.pxd types the
    # cells, codes and counts as C integers in the compiled build)
    kind, t, n = obj["measure"], obj["token"], obj["n"]
    photo, tok = B.photo, B.tok
    if kind == "students_with_token_in_class":
        best = 0
        for _, cells in classes(R, B):
            k = 0
            for c in cells:
                code = photo[c]
                if 0 <= code < TEACHER and tok[c][t]:
                    k += 1
            if k > best:
                best = k
        return best
    if kind == "tokens_in_row":
        return _most_line_tokens(photo, tok, t, R.rows, R.cols, R.cols, 1)
    if kind == "tokens_in_column":
        return _most_line_tokens(photo, tok, t, R.cols, 1, R.rows, R.cols)
    cols, ncells = R.cols, R.n_cells
    if kind == "connected_students_with_token":
        marked = set()
        for c in range(ncells):
            code = photo[c]
            if 0 <= code < TEACHER and tok[c][t]:
                marked.add(c)
        best = 0
        while marked:
            stack = [marked.pop()]
            size = 0
            while stack:
                c = stack.pop()
                size += 1
                for d in _nbrs(cols, ncells, c):
                    if d in marked:
                        marked.discard(d)
                        stack.append(d)
            if size > best:
                best = size
        return best
    if kind == "students_with_n_tokens":
        k = 0
        for h in all_token_holders(B):
            if h[t] >= n:
                k += 1
        return k
    if kind == "full_classes":
        k = 0
        for tcell, cells in classes(R, B):
            studs = _students(B, cells)
            if tcell >= 0 and len(studs) >= n:
                last = studs[-1]
                full = True
                for c in cells:
                    if c <= last and photo[c] == EMPTY:
                        full = False
                        break
                if full:
                    k += 1
        return k
    if kind == "tokens_adjacent_teacher":
        k = 0
        for c in range(ncells):
            code = photo[c]
            if 0 <= code < TEACHER:
                for d in _nbrs(cols, ncells, c):
                    if photo[d] >= TEACHER:
                        k += tok[c][t]
                        break
        return k
    if kind == "tokens_adjacent_token":
        u = obj["other"]
        k = 0
        for c in range(ncells):
            code = photo[c]
            if 0 <= code < TEACHER and tok[c][t]:
                for d in _nbrs(cols, ncells, c):
                    code = photo[d]
                    if 0 <= code < TEACHER and tok[d][u]:
                        k += tok[c][t]
                        break
        return k
    if kind == "alpha_runs":
        runs, length = 0, 1
        for c in range(1, ncells + 1):
            a = _letter(R, B, c - 1)
            b = _letter(R, B, c) if c < ncells else -10
            if a >= 0 and b == a + 1:
                length += 1
            else:
                if length >= n:
                    runs += 1
                length = 1
        return runs
    if kind == "students_with_distinct_tokens":
        k = 0
        for h in all_token_holders(B):
            m = 0
            for x in h:
                if x:
                    m += 1
            if m >= n:
                k += 1
        return k
    if kind == "largest_class":
        best = 0
        for _, cells in classes(R, B):
            m = len(_students(B, cells))
            if m > best:
                best = m
        return best
    raise ValueError(kind)


def threshold(obj: dict, which: str) -> int:
    return obj[which]


def rank_points(values, minimum: int, table) -> list[int]:
    """Objective points by place (C89-164..168): tied players add the points of the
    places they cover (missing places count 0), divide and round up; players below the
    minimum score nothing."""
    n = len(values)
    pts = [0] * n
    # the players at or above the minimum, highest value first, ties in seat order (a
    # stable insertion: what sorting by -value gives)
    order = []
    for i in range(n):
        v = values[i]
        if v >= minimum:
            j = len(order)
            while j > 0 and values[order[j - 1]] < v:
                j -= 1
            order.insert(j, i)
    m = len(order)
    size = len(table)
    pos = 0
    while pos < m:
        v = values[order[pos]]
        k = 0
        for q in range(pos, m):
            if values[order[q]] == v:
                k += 1
        total = 0
        for q in range(pos, pos + k):
            if q < size:
                total += table[q]
        share = -(-total // k)
        for q in range(pos, m):
            i = order[q]
            if values[i] == v:
                pts[i] = share
        pos += k
    return pts


# ------------------------------------------------------------------ teachers and tiles
def teacher_points(R, B: Board) -> list[tuple[int, int]]:
    """(teacher id, points) for each teacher in the yearbook (C89-087)."""
    photo, tok = B.photo, B.tok
    pairs = None
    out = []
    for tcell, cells in classes(R, B):
        if tcell < 0:
            continue
        tid = photo[tcell] - TEACHER
        kind, pts, args = R.t_score[tid]
        studs = _students(B, cells)
        if kind == "per_student":
            v = len(studs)
        elif kind == "per_student_with_all":
            v = sum(1 for c in studs if all(tok[c][a] for a in args))
        elif kind == "per_pair_icon":
            if pairs is None:
                pairs = icon_pairs(R, B)
            span = set(cells) | {tcell}
            v = sum(1 for c, club in pairs if club == args[0] and c in span and c + 1 in span)
        else:  # per_seq_pair
            v = seq_pairs(R, B, set(studs))
        out.append((tid, v * pts))
    return out


def tile_points(R, B: Board) -> list[tuple[int, int]]:
    """(tile id, points) for each scoring Wildcat Way tile in the grid."""
    out = []
    for tile in B.tiles:
        sc = R.tl_score[tile]
        if sc is None:
            continue
        kind, pts, arg = sc
        if kind == "students_with_distinct_tokens":
            v = pts * sum(1 for h in all_token_holders(B) if sum(1 for x in h if x) >= arg)
        elif kind == "superlative_tokens":
            v = pts * sum(ss[2][arg] for ss in B.ss if ss[0] == tile)
        elif kind == "distinct_matches":
            k = len({club for _, club in icon_pairs(R, B)})
            v = arg[min(k, len(arg) - 1)]
        elif kind == "classes_with_token_students":
            t, n = arg
            v = pts * sum(1 for _, cells in classes(R, B)
                          if sum(1 for c in _students(B, cells) if B.tok[c][t]) >= n)
        elif kind == "flat":
            v = pts
        else:  # per_two_tokens
            v = sum(h[arg] for h in all_token_holders(B)) // 2
        out.append((tile, v))
    return out


def halves_count(B: Board) -> int:
    return bin(B.halves_done).count("1")


def staff_score(R, B: Board) -> int:
    return R.staff_points[len({R.st_club[s] for s in B.staff})]


def tracks_score(R, B: Board) -> int:
    return R.track_top_points * sum(1 for x in B.tracks if x >= R.track_len)


def wildcat_score(R, B: Board) -> int:
    return (sum(v for _, v in tile_points(R, B)) + R.tile1_points * B.tile1s
            + R.half_points * halves_count(B))


def breakdown(R, B: Board, objective_points: int) -> dict:
    """Scorepad lines of one (non-Ed) player."""
    return {
        "objectives": objective_points,
        "teachers": sum(v for _, v in teacher_points(R, B)),
        "wildcat": wildcat_score(R, B),
        "staff": staff_score(R, B),
        "tracks": tracks_score(R, B),
        "signatures": B.sigs // R.sigs_per_point,
        "abc": R.abc_points * B.abc,
    }


def objective_scores(R, boards, objectives) -> tuple[list[int], list[list[int]]]:
    """Objective points per player and the measured values per card (multiplayer)."""
    n = len(boards)
    total = [0] * n
    values = []
    table = R.objective_points
    for oid in objectives:
        obj = R.objectives[oid]
        vals = [measure(R, b, obj) for b in boards]
        values.append(vals)
        need = obj[R.objective_threshold]
        if R.objective_mode == "casual":
            pts = [R.casual_points if v >= need else 0 for v in vals]
        else:
            pts = rank_points(vals, need, table)
        for i in range(n):
            total[i] += pts[i]
    return total, values


# ------------------------------------------------------------------ solo
def solo_target(difficulty: str, you_higher: bool) -> tuple[str, str | None]:
    """(target for 14 points, fallback target for 6 points or None) — C89-199..204."""
    if difficulty == "easy":
        return "min", None
    if difficulty == "normal":
        return ("min", None) if you_higher else ("t1", "min")
    return ("t1", "min") if you_higher else ("t2", "min")


def solo_objective(R, value: int, obj: dict, difficulty: str, you_pin: int, ed_pin: int):
    """(your points, Ed's points) for one objective card (C89-260..268)."""
    top, fallback = solo_target(difficulty, you_pin > ed_pin)
    if value >= obj[top]:
        return R.solo_win, R.solo_lose
    if fallback is not None and value >= obj[fallback]:
        return R.solo_lose, R.solo_win
    return 0, R.solo_win


def ed_teacher_score(R, B: Board) -> int:
    """Each teacher scores its column: half the marker tokens are discarded (rounded up),
    the rest multiply the students in that column (C89-269..271)."""
    photo, cols = B.photo, R.cols
    total = 0
    for j in range(cols):
        column = [photo[r * cols + j] for r in range(R.rows)]
        if not any(code >= TEACHER for code in column):
            continue
        n = B.marker_tok[j]
        keep = n - (n + 1) // 2
        total += keep * sum(1 for code in column if 0 <= code < TEACHER)
    return total


def ed_wildcat_score(R, B: Board) -> int:
    """1 per 1x1, 2 per half, 5 per A, 4 per B, 3 per C/D with criteria (C89-272..277)."""
    pts = R.tile1_points * B.tile1s + R.half_points * halves_count(B)
    for tile in B.tiles:
        st = R.tl_stack[tile]
        if st == "A":
            pts += 5
        elif st == "B":
            pts += 4
        elif R.tl_score[tile] is not None:
            pts += 3
    return pts
