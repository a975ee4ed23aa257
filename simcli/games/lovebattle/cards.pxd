# Cython augmenting declarations (pure-Python mode): these rules functions take a typed
# State, so its fields are read as C fields (the .py stays the source and the pure
# fallback). Generated from the signatures; a function with a closure stays def.
from simcli.games.lovebattle.state cimport State

cpdef move_girl(State st, p, k, room)
cpdef card_extras(State st, p, c)
cpdef jealousy_options(State st, q, g)
cpdef play_jealousy(State st, q, k, g)
