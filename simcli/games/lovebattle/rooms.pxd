# Cython augmenting declarations (pure-Python mode): these rules functions take a typed
# State, so its fields are read as C fields (the .py stays the source and the pure
# fallback). Generated from the signatures; a function with a closure stays def.
from simcli.games.lovebattle.state cimport State
# the shared steps as C calls (they stay Python callables for everyone else)
from simcli.games.lovebattle.common cimport (change_love, decide, draw_card, gain_ki,
                                              refresh_modifiers, say)

cpdef roll_test(State st, p)
