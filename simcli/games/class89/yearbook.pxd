# Cython augmenting declarations (pure-Python mode) for the compiled build: the photo
# section scans of the yearbook with the cell indices, card codes and letters as C integers
# (cells and letters are below 100, card codes below 10,000: no overflow). Token sums and
# the grid masks stay Python ints. The .py stays the source and the pure fallback.
cimport cython
from simcli.games.class89.state cimport Board


@cython.locals(photo=list, n=cython.Py_ssize_t, letters=tuple, abc=list, teacher=cython.long,
               pre=list, suf=list, cur=cython.long, c=cython.Py_ssize_t, code=cython.long,
               lt=cython.long)
cpdef tuple letter_bounds(R, Board B)

@cython.locals(pre=list, suf=list, lt=cython.long, photo=list, empty=cython.long,
               out=list, c=cython.Py_ssize_t, lo=cython.long, hi=cython.long)
cpdef list student_cells(R, Board B, student, bounds=*)

@cython.locals(teacher=cython.long, photo=list, tok=list, out=list, c=cython.Py_ssize_t,
               code=cython.long, k=cython.Py_ssize_t)
cpdef list token_targets(R, Board B)
