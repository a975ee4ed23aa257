# Cython augmenting declarations (pure-Python mode): View compiles as an extension type
# with its slots as C fields, so the typed bot bodies (strategies/vgc.pxd) read it as C
# fields (the .py stays the source and the pure fallback).
cdef class View:
    cdef public object me, n, week, phase, step, round, order, reserved
    cdef public object rules, players, grid, space_actions, thrill, rental_up, rental, meeple
    cdef public object card_crystal, store, newsstand, mag_crystal, achievements, hidden_crystals, bag_size, discard_size
    cdef public object crystals_in_bag, took_space, rent_window, rentals_turn, pending
