"""State of one game of Class of '89: the school, the yearbooks, the decks.

Card ids are small ints. In the class photo section a cell holds a student id
(``0 <= id < TEACHER``), a teacher as ``TEACHER + id``, or ``EMPTY``. A school display
slot holds a student, teacher (``TEACHER + id``), staff (``STAFF + id``) or Wildcat Way
tile (``TILE + id``), or ``EMPTY``.
"""
from __future__ import annotations

EMPTY = -1
JANITOR = -2
TEACHER = 1000
STAFF = 2000
TILE = 3000
TILE1 = 9999  # a 1x1 tile on a grid space

# effect codes: (code, arg)
E_SIG = 0  # arg: count
E_TOK = 1  # arg: token type 0..4, or ANY
E_TRACK = 2  # arg: club
E_TILE1 = 3
E_DRAW_S = 4  # draw 3 students, keep up to 1
E_DRAW_T = 5  # draw 3 teachers, keep 1
E_FACE_S = 6  # take any face-up student on the school mat
E_FACE_T = 7  # take any face-up teacher on the school mat
E_MAJ = 8  # round-end majority reward on track arg
ANY = 5

HONOR = 5  # club index of the Honor Society
MEMBERS = ("editor", "designer", "photographer", "treasurer")
EDITOR, DESIGNER, PHOTOGRAPHER, TREASURER = 0, 1, 2, 3
ENTRANCE = 5  # location index of the School Entrance


class Board:
    """One player's yearbook, supply and pins."""

    __slots__ = (
        "photo", "tok", "abc", "abc_cells", "storage", "grid", "tiles", "ss", "staff",
        "tracks", "sigs", "side", "rows_done", "cols_done", "halves_done", "tile1s",
        "used", "visited", "is_ed", "gmask", "markers", "marker_tok", "objective_points",
    )

    def __init__(self, n_cells: int, n_grid: int):
        self.photo = [EMPTY] * n_cells
        self.tok = [[0, 0, 0, 0, 0] for _ in range(n_cells)]
        self.abc = 1
        self.abc_cells: list[int] = []
        self.storage: list[int] = []
        self.grid = [EMPTY] * n_grid
        self.tiles: list[int] = []  # placed tile ids (not 1x1)
        self.ss: list[list] = []  # senior superlatives: [tile id, student id, tokens]
        self.staff: list[int] = []
        self.tracks = [0, 0, 0, 0, 0, 0]
        self.sigs = 0
        self.side = 0  # column completion board side: 0 = A, 1 = B
        self.rows_done = 0
        self.cols_done = 0
        self.halves_done = 0
        self.tile1s = 0
        self.gmask = 0  # bitmask of covered grid spaces
        self.used = [False, False, False, False]  # team members used this round
        self.visited = 0  # bitmask of locations visited this round
        self.is_ed = False
        self.markers: list[int] = []  # Ed: club of the priority marker above each column
        self.marker_tok = [0, 0, 0, 0, 0]  # Ed: tokens on the marker above each column
        self.objective_points = 0

    def copy(self) -> Board:
        """An independent copy: every list copied (``tok``'s and ``ss``'s inner lists
        too), numbers shared. Written out field by field: ``State`` copies four of these
        at every determinized copy, and a generic walk costs several times this."""
        b = Board.__new__(Board)
        b.photo = self.photo[:]
        b.tok = [t[:] for t in self.tok]
        b.abc = self.abc
        b.abc_cells = self.abc_cells[:]
        b.storage = self.storage[:]
        b.grid = self.grid[:]
        b.tiles = self.tiles[:]
        b.ss = [[tile, student, toks[:]] for tile, student, toks in self.ss]
        b.staff = self.staff[:]
        b.tracks = self.tracks[:]
        b.sigs = self.sigs
        b.side = self.side
        b.rows_done = self.rows_done
        b.cols_done = self.cols_done
        b.halves_done = self.halves_done
        b.tile1s = self.tile1s
        b.used = self.used[:]
        b.visited = self.visited
        b.is_ed = self.is_ed
        b.gmask = self.gmask
        b.markers = self.markers[:]
        b.marker_tok = self.marker_tok[:]
        b.objective_points = self.objective_points
        return b


class State:
    __slots__ = (
        "rng", "log", "rules", "n", "seats", "boards", "round", "turn", "first", "phase",
        "queue", "pending", "ctx", "display", "display_ss", "decks", "discards", "spaces",
        "janitors", "objectives", "ed", "loc_deck", "loc_discard", "choice_deck",
        "choice_discard", "active_loc", "setup_queue", "turns_taken", "over",
        "end_reason", "forgone", "ed_unused", "tctx", "tile1_left", "hands",
    )

    def __init__(self):
        self.log = None
        self.queue: list[tuple] = []
        self.pending = None
        self.ctx = None
        self.over = False
        self.end_reason = "rounds"
        self.turns_taken = 0
        self.forgone = 0
        self.ed = -1
        self.ed_unused = -1
        self.tctx = None
        self.ctx = None
        self.active_loc = -1
        self.setup_queue = []
