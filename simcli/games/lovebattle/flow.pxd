# Cython augmenting declarations (pure-Python mode): these rules functions take a typed
# State, so its fields are read as C fields (the .py stays the source and the pure
# fallback). Generated from the signatures; a function with a closure stays def.
from simcli.games.lovebattle.state cimport State
# the shared steps as C calls (they stay Python callables for everyone else)
from simcli.games.lovebattle.common cimport (cached_decision, change_love, decide,
                                              draw_card, refresh_modifiers, say)
from simcli.games.lovebattle.cards cimport girl_options, move_girl
from simcli.games.lovebattle.plotpoints cimport claim_plot_point

cpdef end_meddling(State st)
cpdef refill_decks(State st)
