# Cython augmenting declarations (pure-Python mode) for the compiled build: the hottest bot
# bodies take the game's View extension type (its fields are read as C fields) and index
# lists with C integers (player, skill, location: bounded by the game's tables). Counts and
# values stay Python numbers, so no arithmetic differs from the pure build. The .py stays
# the source and the pure fallback; simcli/build.py plays this module compiled only
# together with the compiled simcli/games/vghs modules it cimports.
cimport cython
from simcli.games.vghs.state cimport View


@cython.locals(p=Py_ssize_t)
cpdef _want(bot, View v)

@cython.locals(p=Py_ssize_t, t=Py_ssize_t, pa=list, ta=list, dice=list)
cpdef _compute_want(bot, View v)

@cython.locals(p=Py_ssize_t, o=Py_ssize_t, kind=Py_ssize_t, skill=Py_ssize_t,
               index=Py_ssize_t, table=tuple, dice=list, pa=list, ta=list, sym=list,
               hs=list, bonus=list, supply=list, symbols=list, ties=list,
               class_values=dict)
cpdef _on_place(bot, View v, options, values=*)
