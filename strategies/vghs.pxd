# Cython augmenting declarations (pure-Python mode) for the compiled build: the hottest bot
# bodies take the game's View extension type (its fields are read as C fields) and index
# lists with C integers (player, skill, location: bounded by the game's tables). Counts and
# values stay Python numbers, so no arithmetic differs from the pure build. The .py stays
# the source and the pure fallback; simcli/build.py plays this module compiled only
# together with the compiled simcli/games/vghs modules it cimports.
cimport cython
from simcli.games.vghs.state cimport View


@cython.locals(p=Py_ssize_t, t=Py_ssize_t, g=Py_ssize_t, pa=list, ta=list, dice=list,
               skills=tuple, bonus=list, hs=list, value=cython.double, best=cython.double)
cpdef _compute_want(bot, View v)

@cython.locals(p=Py_ssize_t, o=Py_ssize_t, kind=Py_ssize_t, skill=Py_ssize_t,
               index=Py_ssize_t, table=tuple, dice=list, pa=list, ta=list, sym=list,
               hs=list, bonus=list, supply=list, symbols=list, ties=list,
               class_values=dict)
cpdef _on_place(bot, View v, options, values=*)

@cython.locals(p=Py_ssize_t, t=Py_ssize_t, k=Py_ssize_t, pa=list, ta=list, want=list)
cpdef _challenge_want(bot, View v)

@cython.locals(p=Py_ssize_t, f=Py_ssize_t, c=Py_ssize_t, k=Py_ssize_t, index=Py_ssize_t,
               size=Py_ssize_t, dice=list)
cpdef _on_reroll(bot, View v, options)

@cython.locals(a=Py_ssize_t, b=Py_ssize_t, dice=list, found=bint)
cpdef _on_change_die(bot, View v, options)

@cython.locals(index=Py_ssize_t, shown=Py_ssize_t, f=Py_ssize_t)
cpdef _change_die_option(options, list dice, Py_ssize_t a, Py_ssize_t b)

@cython.locals(nd=Py_ssize_t, index=Py_ssize_t)
cpdef _pair_option(options, Py_ssize_t kt, Py_ssize_t kd)

@cython.locals(buys=Py_ssize_t, temps=Py_ssize_t, temp_cost=Py_ssize_t, perm_cost=Py_ssize_t)
cpdef _class_value(bot, View v, Py_ssize_t left, Py_ssize_t n_dice, Py_ssize_t fit)

@cython.locals(i=Py_ssize_t, top=Py_ssize_t, rank=list)
cpdef _rounds_left(bot, View v)

@cython.locals(p=Py_ssize_t, t=Py_ssize_t, n=Py_ssize_t, short=Py_ssize_t, have=Py_ssize_t,
               pa=list, ta=list, dice=list, sym=list)
cpdef _can_pay(bot, View v)

@cython.locals(p=Py_ssize_t)
cpdef _gta_value(bot, View v, loc)

@cython.locals(i=Py_ssize_t, dice=list, face_cost=list)
cpdef _on_class(bot, View v, options)

# placement helpers: typed arguments and counters only (bodies unchanged)
cpdef _adjusted(bot, View v, o, Py_ssize_t kind, Py_ssize_t skill, Py_ssize_t index, value)

@cython.locals(p=Py_ssize_t, q=Py_ssize_t, k=Py_ssize_t, hs=Py_ssize_t, threat=Py_ssize_t,
               left=list, pa=list, ta=list, dq=list)
cpdef _game_rivals(bot, View v, Py_ssize_t skill, Py_ssize_t index)

@cython.locals(p=Py_ssize_t, t=Py_ssize_t, n=Py_ssize_t, short=Py_ssize_t, pa=list, ta=list,
               dice=list, out=list)
cpdef _fits(bot, View v)

# the one-step look-ahead's copy of a view: field by field, C fields when compiled
cpdef View _view_copy(View v, Py_ssize_t p)

cpdef list _rows(rows, Py_ssize_t p)
