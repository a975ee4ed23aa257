# Cython augmenting declarations (pure-Python mode) for the compiled build: the hottest
# bot bodies (module functions the VGCBot methods call) index lists with C integers and
# count tiles, wilds and missing symbols as C integers (all bounded by the game's 50
# tiles), read Spec as the extension type of simcli/games/vgc/combos.pxd and call its
# finders as C functions. Tile masks are below 2**50. Values stay Python numbers, except
# tval's sum, a C double added in the same order as the Python float sum (the same IEEE
# additions). The .py stays the source and the pure fallback; simcli/build.py plays this
# module compiled only together with the compiled simcli/games/vgc modules it cimports.
cimport cython
from simcli.games.vgc.combos cimport (Spec, hand_info, overlap, overlap_without,
                                      useful_tiles)


@cython.locals(v=cython.double, mask=cython.longlong)
cpdef double tval(list values, Py_ssize_t t)

@cython.locals(w=cython.Py_ssize_t, mags=list)
cpdef Py_ssize_t _wilds(view, pl, card_id)

@cython.locals(spec=Spec, best=cython.Py_ssize_t, missing=cython.Py_ssize_t, out=list,
               info=tuple)
cpdef list _tile_values(view, pl, targets)

@cython.locals(spec=Spec, base=cython.Py_ssize_t, i=cython.Py_ssize_t, n=cython.Py_ssize_t,
               tiles=list, vals=list, info=tuple)
cpdef list _keep_values(view, pl, targets)

@cython.locals(s=cython.Py_ssize_t, wilds=cython.Py_ssize_t, missing=cython.Py_ssize_t,
               pm=cython.Py_ssize_t, spec=Spec, info=tuple, meeple=list, cash=dict)
cpdef tuple _best_rent(bot, view, pl)
