# Cython augmenting declarations (pure-Python mode): compiles View as an extension type
# with its slots as C fields (the .py stays the source and the pure fallback).
cdef class View:
    cdef public object player, n_players, period, active, hero, love, gloc, hand
    cdef public object my_vote, ki, plot_point_counts, my_plot_points, face_up, hand_sizes, deck_sizes, condition
    cdef public object meddling, claimed, test_bonus, record, answering, rules
