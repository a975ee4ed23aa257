# Cython augmenting declarations (pure-Python mode) for the compiled build: the seeding
# arithmetic of _seed_words in C unsigned 64-bit integers. Every value is masked to 32 bits
# after each step and a product multiplies two values below 2**32, so nothing can exceed
# 2**64 (no wrap-around) and the words equal the Python ints of the pure build. The .py
# stays the source and the pure fallback.
cimport cython


@cython.locals(m32=cython.ulonglong, mult_a=cython.ulonglong, mult_b=cython.ulonglong,
               mix_l=cython.ulonglong, mix_r=cython.ulonglong, h=cython.ulonglong,
               v=cython.ulonglong, src=cython.ulonglong, p0=cython.ulonglong, p1=cython.ulonglong,
               p2=cython.ulonglong, p3=cython.ulonglong, pool=cython.ulonglong[4],
               i=cython.Py_ssize_t, j=cython.Py_ssize_t, n_entropy=cython.Py_ssize_t,
               n_words=cython.Py_ssize_t, out=list)
cpdef list _seed_words(list entropy, Py_ssize_t n_words)
