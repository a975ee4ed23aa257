# Cython augmenting declarations (pure-Python mode): these rules functions take a typed
# State, so its fields are read as C fields (the .py stays the source and the pure
# fallback). Generated from the signatures; a function with a closure stays def.
from simcli.games.vgc.state cimport State

cpdef accessible(State state, pl)
cpdef usable_mags(State state, pl, genre)
cpdef rent_cost(State state, slot)
cpdef rentable(State state, pl)
cpdef rent(State state, pl, slot)
cpdef crystal_spaces(State state, pl, color)
cpdef receive_reward(State state, pl, line)
cpdef take_thrill(State state, pl, slot)
cpdef check_achievements(State state, pl)
