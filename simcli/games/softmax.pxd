# Cython augmenting declarations (pure-Python mode): the loops over features and rows with
# C integer indices. The products stay Python number operations (a feature may be an int),
# so every float is the pure build's.
cimport cython

@cython.locals(n=Py_ssize_t, k=Py_ssize_t, z=list, terms=list, e=list, out=list)
cpdef tuple softmax_rows(weights, feats)
