"""make_state and card finders: rigged Class of '89 states for rules tests."""
from __future__ import annotations

import random

from simcli.games.class89 import flow
from simcli.games.class89.rules import GAME
from simcli.games.class89.setup import setup_game
from simcli.games.class89.state import EMPTY, TEACHER, Board

SC, QB, PEP, ARTS, ATH, HONOR = range(6)  # clubs
GAVEL, BOOKMARK, BOLT, PAINT, STAR = range(5)  # tokens
OFFICE, LIBRARY, HALLWAY, AUDITORIUM, GYM = range(5)
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def rules(n: int = 4, **overrides):
    data = GAME.default_data()
    data.update(overrides)
    return GAME.make_rules(data, n)


def make_state(n: int = 4, *, seed: int = 0, blank: bool = True, **overrides):
    """A state at the start of round 1 (setup decisions taken: side A, dealt students
    placed in their first legal space). With ``blank`` every yearbook is emptied."""
    R = rules(n, **overrides)
    s = setup_game(R, random.Random(seed))
    flow.start_game(s)
    while s.phase == "setup" or s.pending is not None:
        d = flow.advance(s)
        if s.phase != "setup" and d is not None and d.kind not in ("side", "start_student"):
            break
        flow.apply(s, d.options[0])
    if blank:
        for B in s.boards:
            clear_board(B)
    s.pending = None
    s.ctx = None
    return s


def clear_board(B: Board) -> None:
    n = len(B.photo)
    B.photo[:] = [EMPTY] * n
    B.tok[:] = [[0, 0, 0, 0, 0] for _ in range(n)]
    B.abc_cells.clear()
    B.storage.clear()
    B.grid[:] = [EMPTY] * len(B.grid)
    B.gmask = 0
    B.tiles.clear()
    B.ss.clear()
    B.staff.clear()
    B.tracks[:] = [0] * 6
    B.rows_done = B.cols_done = B.halves_done = 0
    B.tile1s = 0


def student(R, name: str) -> int:
    return R.s_name.index(name)


def teacher(R, name: str) -> int:
    return TEACHER + R.t_name.index(name)


def tile(R, name: str) -> int:
    return R.tl_name.index(name)


def objective(R, name: str) -> dict:
    return next(o for o in R.objectives if o["name"] == name)


def find_student(R, *, letter: str | None = None, left: int | None = None,
                 right: int | None = None, exclude=(), where=None) -> int:
    for s in range(len(R.s_letter)):
        if s in exclude:
            continue
        if letter is not None and LETTERS[R.s_letter[s]] != letter:
            continue
        if left is not None and R.s_left[s] != left:
            continue
        if right is not None and R.s_right[s] != right:
            continue
        if where is not None and not where(s):
            continue
        return s
    raise LookupError((letter, left, right))


def letter(R, s: int) -> str:
    return LETTERS[R.s_letter[s]]


def solo_state(seed: int = 0, **overrides):
    """A solo state after setup, at the start of round 1 before Ed's first turn."""
    R = rules(1, **overrides)
    s = setup_game(R, random.Random(seed))
    flow.start_game(s)
    while True:
        flow.setup_step(s)
        if s.pending is None:
            break
        flow.apply(s, s.pending.options[0])
        while s.queue:
            flow.resolve(s, s.queue.pop())
            if s.pending is not None:
                flow.apply(s, s.pending.options[-1])
    flow.round_start(s)
    return s
