# Cython augmenting declarations (pure-Python mode): PlayerState compiles as an extension
# type with its slots as C fields, so the typed bot bodies (strategies/vgc.pxd) read a
# player's area as C fields (the .py stays the source and the pure fallback). State stays
# a plain class.
cdef class PlayerState:
    cdef public object seat, tiles, ious, dollars, meeples, rented, presents, initial
    cdef public object mags, tokens, side, notebook, beside, lines_done, nb_points, achievements
    cdef public object ach_points, genre_played, beaten_diff, rental_played, played_unbeaten, played, beaten_points, start_text
    cdef public object start_items, rentals_total, max_ious
