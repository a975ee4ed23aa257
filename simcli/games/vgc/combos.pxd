# Cython augmenting declarations (pure-Python mode) for the compiled build: Spec compiles
# as an extension type (its slots as C fields), and the combination finders work on
# bit masks and counts as C integers. Every mask fits in 64 bits (numbers masks < 2**10,
# tile masks < 2**50) and every count is at most 50, so no C integer here can overflow
# where a Python int would not; nothing here does float arithmetic. The .py stays the
# source and the pure fallback.
cimport cython


cdef class Spec:
    cdef public object kind, size, numbers, color, valid, fixed, runs, eq_number
    cdef public object lo, hi, play, run_cache


@cython.locals(numask=cython.longlong, b=cython.longlong, n=cython.Py_ssize_t,
               s=cython.Py_ssize_t, t=cython.Py_ssize_t, counts=list, suits=list)
cpdef tuple hand_info(hand)

@cython.locals(a=cython.Py_ssize_t, b=cython.Py_ssize_t, c=cython.Py_ssize_t)
cpdef Py_ssize_t _pairs_overlap(kind, list counts)

@cython.locals(best=cython.Py_ssize_t, c=cython.Py_ssize_t, useful=cython.longlong,
               run=cython.longlong, m=cython.longlong, got=tuple)
cpdef tuple run_info(Spec spec, mask)

@cython.locals(best=cython.Py_ssize_t, c=cython.Py_ssize_t, size=cython.Py_ssize_t,
               counts=list, suits=list)
cpdef Py_ssize_t overlap(Spec spec, info)

@cython.locals(best=cython.Py_ssize_t, c=cython.Py_ssize_t, n=cython.Py_ssize_t,
               s=cython.Py_ssize_t, x=cython.Py_ssize_t, size=cython.Py_ssize_t,
               counts=list, suits=list)
cpdef Py_ssize_t overlap_without(Spec spec, info, Py_ssize_t t)

@cython.locals(best=cython.Py_ssize_t, n=cython.Py_ssize_t, s=cython.Py_ssize_t,
               mask=cython.longlong, full=cython.longlong, size=cython.Py_ssize_t,
               counts=list, suits=list, infos=list, got=tuple)
cpdef tuple useful_tiles(Spec spec, info)

@cython.locals(t=cython.Py_ssize_t, valid=frozenset, out=list, by_suit=list, group=list)
cpdef list find_combos(Spec spec, hand, Py_ssize_t k, info=*, Py_ssize_t ov=*)
