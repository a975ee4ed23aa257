# Cython augmenting declarations (pure-Python mode): determinize's draws on its copy take
# the typed State (its fields read as C fields) and loop over players, Girls and cards
# with C integers (the .py stays the source and the pure fallback).
cimport cython
from simcli.games.lovebattle.state cimport State

@cython.locals(q=Py_ssize_t, g=Py_ssize_t, k=Py_ssize_t, n=Py_ssize_t, m=Py_ssize_t,
               i=Py_ssize_t, unseen=Py_ssize_t, girl=tuple, options=tuple, votes=list,
               hands=list, decks=list, others=list, held=list, cards=list, deck=list,
               pool=list, hand=list, rest=list, dealt=list)
cpdef resample(State new, Py_ssize_t player, rng)
