# Cython augmenting declarations (pure-Python mode): these rules functions take a typed
# State, so its fields are read as C fields (the .py stays the source and the pure
# fallback). Generated from the signatures; a function with a closure stays def.
cimport cython
from simcli.games.lovebattle.state cimport State
# the shared steps as C calls (they stay Python callables for everyone else)
from simcli.games.lovebattle.common cimport change_love, decide, draw_card, gain_ki, say
from simcli.games.lovebattle.plotpoints cimport claimable

cpdef move_girl(State st, p, k, room)
cpdef card_extras(State st, p, c)
@cython.locals(opts=list, h=cython.Py_ssize_t, ctype=tuple, cgirl=tuple, hand=list,
               k=cython.Py_ssize_t, jealousy=cython.long)
cpdef tuple jealousy_options(State st, q, Py_ssize_t g)
cpdef play_jealousy(State st, q, k, g)

# girl_options: loops instead of generator expressions (same order), so it compiles as a
# C function with the Girl, type and room indices as C integers (at most a few dozen)
@cython.locals(opts=list, moves=list, crowd=bint, g=cython.Py_ssize_t, o=cython.Py_ssize_t,
               cgirl=tuple, ctype=tuple, move_opts=tuple, play_opts=tuple)
cpdef tuple girl_options(State st, p)
