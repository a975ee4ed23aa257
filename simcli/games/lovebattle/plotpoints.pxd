# Cython augmenting declarations (pure-Python mode): these rules functions take a typed
# State, so its fields are read as C fields (the .py stays the source and the pure
# fallback). Generated from the signatures; a function with a closure stays def.
from simcli.games.lovebattle.state cimport State

cpdef claimable(State st, p)
cpdef claim_plot_point(State st, p, i)
