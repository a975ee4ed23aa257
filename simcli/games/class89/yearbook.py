"""The yearbook: class photo placement, half-icon matches, completion bonuses,
Wildcat Way grid, staff and attribute token targets (pure helpers on one Board)."""
from __future__ import annotations

from .state import E_TRACK, EMPTY, TEACHER, TILE1, Board

SS_BASE = 100  # token target of senior superlative k is SS_BASE + k


def is_student(code: int) -> bool:
    return 0 <= code < TEACHER


def letter_bounds(R, B: Board) -> tuple[list[int], list[int]]:
    """Per cell: the highest letter of the students before it in its class and the lowest
    letter of the students after it in its class (ABC-covered students have no letter)."""
    photo, n, letters, abc = B.photo, R.n_cells, R.s_letter, B.abc_cells
    teacher = TEACHER
    pre = [0] * n
    cur = -1
    for c in range(n):
        code = photo[c]
        if code >= teacher:
            cur = -1
        pre[c] = cur
        if 0 <= code < teacher and (not abc or c not in abc):
            lt = letters[code]
            if lt > cur:
                cur = lt
    suf = [0] * n
    cur = 99
    for c in range(n - 1, -1, -1):
        code = photo[c]
        suf[c] = cur
        if code >= teacher:
            cur = 99
        elif code >= 0 and (not abc or c not in abc):
            lt = letters[code]
            if lt < cur:
                cur = lt
    return pre, suf


def student_cells(R, B: Board, student: int, bounds=None) -> list[int]:
    """Empty cells where ``student`` can go in alphabetical order (C89-074/075/076)."""
    pre, suf = bounds if bounds is not None else letter_bounds(R, B)
    lt = R.s_letter[student]
    photo = B.photo
    empty = EMPTY
    out = []
    for c in range(R.n_cells):
        if photo[c] == empty:
            lo = pre[c]
            hi = suf[c]
            if lo <= lt <= hi:
                out.append(c)
    return out


def empty_cells(B: Board) -> list[int]:
    return [c for c, code in enumerate(B.photo) if code == EMPTY]


def right_icon(R, code: int) -> int:
    if code >= TEACHER:
        return R.t_icon[code - TEACHER]
    return R.s_right[code]


def matches_at(R, B: Board, cell: int, code: int) -> list[int]:
    """Clubs of the half-icon pairs formed by a card just placed at ``cell``
    (C89-079/080/089): the card to its left in reading order (row ends wrap) and the
    student to its right."""
    if not R.half_icons:
        return []
    out = []
    photo = B.photo
    if code < TEACHER:
        if cell > 0:
            left = photo[cell - 1]
            if left != EMPTY and right_icon(R, left) == R.s_left[code]:
                out.append(R.s_left[code])
        mine = R.s_right[code]
    else:
        mine = R.t_icon[code - TEACHER]
    if cell + 1 < R.n_cells:
        right = photo[cell + 1]
        if 0 <= right < TEACHER and R.s_left[right] == mine:
            out.append(mine)
    return out


def would_match(R, B: Board, cell: int, student: int) -> bool:
    if not R.half_icons:
        return False
    photo = B.photo
    if cell > 0:
        left = photo[cell - 1]
        if left != EMPTY and right_icon(R, left) == R.s_left[student]:
            return True
    if cell + 1 < R.n_cells:
        right = photo[cell + 1]
        if 0 <= right < TEACHER and R.s_left[right] == R.s_right[student]:
            return True
    return False


def place_card(R, B: Board, cell: int, code: int, abc: bool = False) -> list[tuple]:
    """Put a student or teacher in the class photo section; return the effects gained:
    a track step per half-icon match, then row/column completion bonuses."""
    effects = [(E_TRACK, club) for club in matches_at(R, B, cell, code)]
    B.photo[cell] = code
    if abc:
        B.abc -= 1
        B.abc_cells.append(cell)
    cols = R.cols
    r, c = divmod(cell, cols)
    photo = B.photo
    if not B.rows_done >> r & 1 and all(photo[r * cols + k] != EMPTY for k in range(cols)):
        B.rows_done |= 1 << r
        effects.extend(R.row_bonus[r])
    if not B.cols_done >> c & 1 and all(photo[k * cols + c] != EMPTY for k in range(R.rows)):
        B.cols_done |= 1 << c
        effects.extend(R.col_bonus[B.side][c])
    return effects


def tile_fits(R, B: Board, tile: int) -> list[int]:
    """Top-left space of every legal position of ``tile`` (C89-113..116): fully inside the
    grid, in its printed orientation, over no other tile."""
    occ = B.gmask
    return [pos for pos, mask in R.tl_masks[tile] if not occ & mask]


def place_tile(R, B: Board, tile: int, cells, student: int = EMPTY) -> list[tuple]:
    """Put a Wildcat Way tile (or a 1x1 when ``tile`` is TILE1) on ``cells``; return the
    effects: icons covered (C89-118), the tile's own bonuses (C89-119), halves (C89-129)."""
    effects: list[tuple] = []
    grid = B.grid
    for j in cells:
        grid[j] = tile
        B.gmask |= 1 << j
        effects.extend(R.grid_icons[j])
    if tile == TILE1:
        B.tile1s += 1
    else:
        B.tiles.append(tile)
        effects.extend(R.tl_eff[tile])
        if student != EMPTY:
            B.ss.append([tile, student, [0, 0, 0, 0, 0]])
    occ = B.gmask
    for k, (mask, club) in enumerate(R.half_masks):
        if not B.halves_done >> k & 1 and occ & mask == mask:
            B.halves_done |= 1 << k
            effects.append((E_TRACK, club))
    return effects


def token_targets(R, B: Board) -> list[int]:
    """Students (cells) and senior superlatives (SS_BASE + k) with room for a token."""
    cap = R.max_tokens
    teacher = TEACHER
    photo, tok = B.photo, B.tok
    out = []
    for c in range(len(photo)):
        code = photo[c]
        if 0 <= code < teacher and sum(tok[c]) < cap:
            out.append(c)
    k = 0
    for ss in B.ss:
        if sum(ss[2]) < cap:
            out.append(SS_BASE + k)
        k += 1
    return out


def tokens_of(B: Board, target: int) -> list[int]:
    return B.ss[target - SS_BASE][2] if target >= SS_BASE else B.tok[target]


def student_count(B: Board) -> int:
    return sum(1 for code in B.photo if 0 <= code < TEACHER)
