# Cython augmenting declarations (pure-Python mode) for the compiled build: the placement
# options and the teacher cells with the locations, spaces, team members and cells as C
# integers (all below 100; the visited mask has 5 bits). The State stays a Python object;
# a yearbook is state.pxd's Board. The .py stays the source and the pure fallback.
cimport cython
from simcli.games.class89.state cimport Board


@cython.locals(visited=cython.long, free=list, normal=list, spaces=list, loc=cython.Py_ssize_t,
               row=list, k=cython.Py_ssize_t, opts=list, m=cython.Py_ssize_t, pair=tuple)
cpdef list place_options(state, p)

@cython.locals(photo=list, x=cython.long, out=list, c=cython.Py_ssize_t)
cpdef list teacher_cells(Board B)
