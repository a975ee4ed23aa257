# Cython augmenting declarations (pure-Python mode): State and View compile as extension
# types with their slots as C fields (the .py stays the source and the pure fallback);
# View.refresh reads the typed State as C fields.
cimport cython

cdef class State:
    cdef public object rules, n, rng, log, round, first, deck, challenge
    cdef public object rank, char, dice, perm_a, perm_i, temp_a, temp_i, supply
    cdef public object hand, played, left, occ, on_gta, hs, hs_token, bonus
    cdef public object bonus_supply, sym, stack, pending, task, over, end_reason, rolling
    cdef public object stats, defeated, open, costs, views


cdef class View:
    cdef public object player, rules, round, first, challenge, deck_size, rank, char
    cdef public object dice, perm_a, perm_i, temp_a, temp_i, supply, hand, hand_sizes
    cdef public object played, left, occ, on_gta, hs, hs_token, bonus, bonus_supply
    cdef public object sym, task

    @cython.locals(p=cython.Py_ssize_t, sizes=list, masked=list, dice=list, i=cython.Py_ssize_t)
    cpdef refresh(self, State s)
