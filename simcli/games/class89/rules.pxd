# Cython augmenting declarations (pure-Python mode): compiles View as an extension type
# with its slots as C fields (the .py stays the source and the pure fallback); a freelist
# keeps a few View objects for reuse (a View is built at every decision).
cimport cython


@cython.freelist(8)
cdef class View:
    cdef public object player, rules, round, turn, first, seats, display, display_ss
    cdef public object spaces, boards, objectives, tctx, ctx, ed, active_loc, tile1_left
    cdef public object hand
