# Cython augmenting declarations (pure-Python mode): Board (one yearbook) compiles as an
# extension type with its slots as C fields, so the scoring, yearbook and flow functions
# that take it typed (their .pxd files) read a yearbook's lists as C fields instead of
# through attribute lookups. The fields stay Python objects (the same values and
# arithmetic); State stays a plain class. The .py stays the source and the pure fallback.
cdef class Board:
    cdef public object photo, tok, abc, abc_cells, storage, grid, tiles, ss, staff
    cdef public object tracks, sigs, side, rows_done, cols_done, halves_done, tile1s
    cdef public object used, visited, is_ed, gmask, markers, marker_tok, objective_points
