# Cython augmenting declarations (pure-Python mode): these rules functions take a typed
# State, so its fields are read as C fields (the .py stays the source and the pure
# fallback). Generated from the signatures; a function with a closure stays def.
cimport cython
from simcli.games.lovebattle.state cimport State
# the shared steps as C calls (they stay Python callables for everyone else)
from simcli.games.lovebattle.common cimport decide, say

@cython.locals(gained=cython.Py_ssize_t, counts=list)
cpdef bint qualifies(State st, p, pp) except -1
@cython.locals(out=list, idle=bint, pps=tuple)
cpdef list claimable(State st, p)
cpdef claim_plot_point(State st, p, i)
