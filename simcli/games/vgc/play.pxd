# Cython augmenting declarations (pure-Python mode): the option builders take the compiled
# PlayerState (its fields are read as C fields) and call the combination finders of
# combos.pxd as C functions; counts of tiles, wilds and Magazines are C integers (at
# most 50). The .py stays the source and the pure fallback.
cimport cython
from simcli.games.vgc.combos cimport Spec, find_combos, hand_info, overlap
from simcli.games.vgc.state cimport PlayerState


cpdef list accessible(state, PlayerState pl)

cpdef list usable_mags(state, PlayerState pl, genre)

@cython.locals(token=cython.Py_ssize_t, m=cython.Py_ssize_t, ov=cython.Py_ssize_t,
               need=cython.Py_ssize_t, spec=Spec, out=list, mags=list)
cpdef list game_options(state, PlayerState pl, card_id, info=*)

cpdef list rentable(state, PlayerState pl)

@cython.locals(opts=list)
cpdef tuple play_options(state, PlayerState pl)
