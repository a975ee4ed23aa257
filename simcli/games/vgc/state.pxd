# Cython augmenting declarations (pure-Python mode): PlayerState and State compile as extension
# types with their slots as C fields (the .py stays the source and the pure fallback).
cdef class PlayerState:
    cdef public object seat, tiles, ious, dollars, meeples, rented, presents, initial
    cdef public object mags, tokens, side, notebook, beside, lines_done, nb_points, achievements
    cdef public object ach_points, genre_played, beaten_diff, rental_played, played_unbeaten, played, beaten_points, start_text
    cdef public object start_items, rentals_total, max_ious


cdef class State:
    cdef public object rng, log, rules, n, week, phase, order, reserved
    cdef public object turn, round, step, grid, space_actions, slot_board, bag, discard
    cdef public object box_tiles, thrill, rental, rental_set, rental_up, meeple, card_crystal, store_deck
    cdef public object store, mag_deck, newsstand, mag_crystal, crystal_bag, box_crystals, box_cards, box_mags
    cdef public object achievements, players, pending, rent_window, rentals_turn, took_space, wake_space, dec
    cdef public object decisions, dirty, hidden_crystal
