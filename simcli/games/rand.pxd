# Cython augmenting declarations (pure-Python mode): the inlined random.shuffle with its
# indices and bit counts as C integers (decks of a few dozen cards). Called as a Python
# function from the games' modules (no cimport across folders: see simcli/build.py).
cimport cython

@cython.locals(i=Py_ssize_t, n=Py_ssize_t, k=cython.int, r=Py_ssize_t)
cpdef shuffle(rng, list x)
