# Cython augmenting declarations (pure-Python mode) for the compiled build: the hottest
# bot bodies (module functions the C89Bot methods call) read the yearbook as the Board
# extension type of simcli/games/class89/state.pxd (its lists as C fields), index with
# C integers and count tokens as C integers (cells below 100, card codes below 10,000,
# token counts a few dozen: no overflow). A value summed as a C double is added in the
# same order as the Python float sum (the same IEEE additions and products). The .py
# stays the source and the pure fallback; simcli/build.py plays this module compiled only
# together with the compiled simcli/games/class89 modules it cimports.
cimport cython
from simcli.games.class89.rules cimport View
from simcli.games.class89.scoring cimport measure, rank_points
from simcli.games.class89.state cimport Board
from simcli.games.class89.yearbook cimport letter_bounds


@cython.locals(B=Board, p=dict, teacher=cython.long, photo=list, tok=list, toks=list,
               v=cython.double, w=cython.double, conc=cython.double, cols=cython.Py_ssize_t,
               rows=cython.Py_ssize_t, ncells=cython.Py_ssize_t, r=cython.Py_ssize_t,
               c=cython.Py_ssize_t, k=cython.Py_ssize_t, d=cython.Py_ssize_t,
               ot=cython.Py_ssize_t, other=cython.Py_ssize_t, n=cython.long,
               need=cython.long, have=cython.long, code=cython.long, goals=tuple,
               nbrs=tuple)
cpdef double _token_target_value(bot, Py_ssize_t target, Py_ssize_t t) except? -1.0


@cython.locals(v=View, B=Board, p=dict, teacher=cython.long, staff=cython.long,
               loc=cython.Py_ssize_t, best_take=cython.double, top=cython.double, ties=list,
               n_cards=cython.Py_ssize_t, start=cython.Py_ssize_t, cache=dict,
               match=cython.double, student=cython.double, spacing=cython.double,
               abc_pen=cython.double, tbase=cython.double, synergy=cython.double,
               cols=cython.Py_ssize_t, slot=cython.Py_ssize_t, cell=cython.Py_ssize_t,
               code=cython.long, sl=cython.long, sr=cython.long, lo=cython.long,
               ro=cython.long, pc=cython.long, lt=cython.long, a=cython.Py_ssize_t,
               b=cython.Py_ssize_t, d=cython.double, val=cython.double, st_=list, en_=list,
               left_of=list, right_of=list, rowv=list, colv=list, pair_club=list,
               seq_nb=list)
cpdef _d_action(bot, opts)

@cython.locals(out=list, per=dict, me=cython.Py_ssize_t, boards=list, casual=bint,
               t=cython.long, need=cython.long, vals=list, mine=cython.long, base=cython.long,
               best=cython.double, k=cython.long, got=cython.long)
cpdef tuple _obj_gain(bot, View v)

@cython.locals(pre=list, suf=list, top=cython.Py_ssize_t, fit=list, photo=list,
               empty=cython.long, c=cython.Py_ssize_t, code=cython.long, lo=cython.Py_ssize_t,
               hi=cython.Py_ssize_t, lt=cython.Py_ssize_t)
cpdef list letters_that_fit(R, Board B)

@cython.locals(B=Board, teacher=cython.long, empty=cython.long, photo=list,
               cols=cython.Py_ssize_t, rows=cython.Py_ssize_t, n=cython.Py_ssize_t,
               row_empty=list, col_empty=list, start=list, left_of=list, right_of=list,
               seq=list, pair_club=list, cur=cython.Py_ssize_t, n_teachers=cython.long,
               targ=cython.long, c=cython.Py_ssize_t, code=cython.long, lo=cython.long,
               hi=cython.long, end=list, r=cython.Py_ssize_t, p=dict)
cpdef _prep(bot)
