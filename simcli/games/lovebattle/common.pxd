# Cython augmenting declarations (pure-Python mode): these rules functions take a typed
# State, so its fields are read as C fields (the .py stays the source and the pure
# fallback). Generated from the signatures; a function with a closure stays def.
cimport cython
from simcli.games.lovebattle.state cimport State

cpdef say(State st, text)
cpdef refresh_modifiers(State st)
cpdef draw_card(State st, p, g)
cpdef change_love(State st, g, delta, actor)
cpdef gain_ki(State st, p, amount)
cpdef hero_reach(State st)
cpdef cached_decision(State st, p, kind, draws=*)
cpdef decide(player, kind, options)
