# Cython augmenting declarations (pure-Python mode): State and View compile as extension
# types with their slots as C fields (the .py stays the source and the pure fallback);
# View._fill reads the typed State as C fields; a freelist keeps a few View objects for
# reuse (a View is built at every decision).
cimport cython

cdef class State:
    cdef public object rules, rng, log, n, love, gloc, hero, hands
    cdef public object decks, discards, ki, held, cashed, pp_discard, face_up, pp_deck
    cdef public object votes, med_deck, med_discard, meddling, condition, period, active, turns
    cdef public object claimed, test_bonus, rec_up, rec_down, rec_types, rec_plays, rec_six, rec_rooms
    cdef public object rec_kick, rec_top, mod_move, mod_test, enchant_free, extra_draw, flirt_extra, no_kick
    cdef public object no_seduction, no_hero_draw, pending, gen, history, rng0, over, answering
    cdef public object rec_dirty, checkpoint, checkpointing, origin


@cython.locals(out=list)
cdef tuple _lens(list lists)


@cython.freelist(8)
cdef class View:
    cdef public object player, n_players, period, active, hero, love, gloc, hand
    cdef public object my_vote, ki, plot_point_counts, my_plot_points, face_up, hand_sizes, deck_sizes, condition
    cdef public object meddling, claimed, test_bonus, record, answering, rules

    @cython.locals(active=bint)
    cpdef _fill(self, State st, Py_ssize_t player)
