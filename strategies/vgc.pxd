# Cython augmenting declarations (pure-Python mode) for the compiled build: the hottest
# bot bodies (module functions the VGCBot methods call) take the game's View and
# PlayerState extension types (their fields are read as C fields), index lists with C
# integers and count tiles, wilds, symbols and Achievement progress as C integers (all
# bounded by the game's 50 tiles and 30 games), read Spec as the extension type of
# simcli/games/vgc/combos.pxd and call its finders as C functions. Tile masks are below
# 2**50. Values stay Python numbers except two sums kept as C doubles, added in the same
# order as the Python float sums (the same IEEE additions and products): tval's and the
# Achievement gain of _ach_delta. The .py stays the source and the pure fallback;
# simcli/build.py plays this module compiled only together with the compiled
# simcli/games/vgc modules it cimports.
cimport cython
from simcli.games.vgc.combos cimport (Spec, hand_info, overlap, overlap_without,
                                      useful_tiles)
from simcli.games.vgc.state cimport PlayerState
from simcli.games.vgc.view cimport View


cpdef _purse(x, need, surplus)

@cython.locals(v=cython.double, mask=cython.longlong)
cpdef double tval(list values, Py_ssize_t t)

cpdef _cash_value(dict p, View view, PlayerState pl, k)

cpdef _first_token(dict p, View view, PlayerState pl)

@cython.locals(gain=cython.double, have=cython.Py_ssize_t, first=cython.bint,
               genre_played=list)
cpdef double _ach_delta(w, View view, PlayerState pl, g, beat)

@cython.locals(w=cython.Py_ssize_t, mags=list)
cpdef Py_ssize_t _wilds(View view, PlayerState pl, card_id)

@cython.locals(spec=Spec, best=cython.Py_ssize_t, missing=cython.Py_ssize_t, out=list,
               info=tuple)
cpdef list _tile_values(View view, PlayerState pl, targets)

@cython.locals(spec=Spec, base=cython.Py_ssize_t, i=cython.Py_ssize_t, n=cython.Py_ssize_t,
               tiles=list, vals=list, info=tuple)
cpdef list _keep_values(View view, PlayerState pl, targets)

@cython.locals(s=cython.Py_ssize_t, wilds=cython.Py_ssize_t, missing=cython.Py_ssize_t,
               pm=cython.Py_ssize_t, spec=Spec, info=tuple, meeple=list, cash=dict)
cpdef tuple _best_rent(bot, View view, PlayerState pl)

cpdef dict _memo(bot, View view)

cpdef _game_value(bot, View view, PlayerState pl, g, card)

cpdef _value_of_game(bot, View view, PlayerState pl, g, card)

@cython.locals(p=dict)
cpdef _ach_cached(bot, View view, PlayerState pl, g, beat)

cpdef _on_take(bot, View view, tuple options)

@cython.locals(pl=PlayerState, type_best=dict, grid=list, space_actions=tuple, tv=list)
cpdef list _take_scores(bot, View view, options)

@cython.locals(pl=PlayerState, p=dict)
cpdef tuple _take_setup(bot, View view)

cpdef tuple _scaled_type_value(bot, View view, PlayerState pl, act, dict mult)

cpdef tuple _type_value(bot, View view, PlayerState pl, act)

@cython.locals(p=dict)
cpdef _action_value(bot, View view, PlayerState pl, a)

@cython.locals(pl=PlayerState, p=dict)
cpdef _on_play(bot, View view, tuple options)
