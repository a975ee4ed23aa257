# Cython augmenting declarations (pure-Python mode) for the compiled build: the objective
# measures and the ranking with the cells, card codes and counts as C integers (cells are
# below 100, card codes below 10,000, token counts and places a few dozen: no overflow).
# Objective values, points and table entries stay Python numbers. The .py stays the
# source and the pure fallback.
cimport cython
from simcli.games.class89.state cimport Board


@cython.locals(out=list, cur=list, tcell=cython.Py_ssize_t, photo=list, c=cython.Py_ssize_t,
               code=cython.long)
cpdef list classes(R, Board B)

@cython.locals(photo=list, out=list, c=cython.Py_ssize_t, code=cython.long)
cpdef list _students(Board B, cells)

@cython.locals(out=list)
cdef list _nbrs(Py_ssize_t cols, Py_ssize_t n, Py_ssize_t c)

@cython.locals(code=cython.long)
cpdef long _letter(R, Board B, Py_ssize_t c) except? -1

@cython.locals(sums=list, i=cython.Py_ssize_t, k=cython.long, m=cython.Py_ssize_t,
               c=cython.Py_ssize_t, code=cython.long)
cdef long _most_line_tokens(list photo, list tok, Py_ssize_t t, Py_ssize_t lines,
                            Py_ssize_t line_step, Py_ssize_t along, Py_ssize_t step) except? -1

@cython.locals(t=cython.Py_ssize_t, photo=list, tok=list, best=cython.long, k=cython.long,
               c=cython.Py_ssize_t, d=cython.Py_ssize_t, code=cython.long, cols=cython.Py_ssize_t,
               ncells=cython.Py_ssize_t, marked=set, stack=list, size=cython.long,
               studs=list, cells=list, last=cython.Py_ssize_t, full=bint, u=cython.Py_ssize_t,
               runs=cython.long, length=cython.long, a=cython.long, b=cython.long,
               m=cython.long)
cpdef measure(R, Board B, obj)

@cython.locals(n=cython.Py_ssize_t, pts=list, order=list, i=cython.Py_ssize_t,
               j=cython.Py_ssize_t, m=cython.Py_ssize_t, size=cython.Py_ssize_t,
               pos=cython.Py_ssize_t, k=cython.Py_ssize_t, q=cython.Py_ssize_t)
cpdef list rank_points(values, minimum, table)
