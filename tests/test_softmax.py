"""simcli.games.softmax: the evaluations' win chances, compiled with the rules. It must
give the very floats of the plain definition (fsum of the products, softmax over rows), so
a compiled and a pure build, and every Python, score a state alike."""
from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simcli import build
from simcli.evalfit import softmax_rows as reexported
from simcli.games.softmax import softmax_rows


def reference(weights, feats) -> tuple:
    """The definition (simcli.evalfit's code before the function moved here)."""
    z = [math.fsum(w * f for w, f in zip(weights, row, strict=True)) for row in feats]
    top = max(z)
    e = [math.exp(x - top) for x in z]
    total = math.fsum(e)
    return tuple(x / total for x in e)


value = st.one_of(st.floats(-50, 50, allow_nan=False), st.integers(-20, 20))


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 12).flatmap(lambda k: st.tuples(
    st.lists(value, min_size=k, max_size=k),
    st.lists(st.lists(value, min_size=k, max_size=k), min_size=1, max_size=6))))
def test_the_same_floats_as_the_definition(case):
    weights, feats = case
    got = softmax_rows(weights, feats)
    assert got == reference(weights, feats)
    assert type(got) is tuple and all(type(x) is float for x in got)


def test_cancelling_terms_are_summed_exactly():
    # a plain left-to-right sum gives 0.0 for the first row; fsum gives 1.0
    got = softmax_rows((1e16, 1.0, -1e16), [[1.0, 1.0, 1.0], [0.0, 0.0, 0.0]])
    assert got == pytest.approx((math.e / (math.e + 1), 1 / (math.e + 1)))


def test_a_row_of_another_length_is_refused():
    with pytest.raises(ValueError, match="2 features, the weights 3"):
        softmax_rows((0.1, 0.2, 0.3), [[1.0, 2.0, 3.0], [1.0, 2.0]])


def test_evalfit_reexports_it_and_it_is_compiled_with_the_rules():
    assert reexported is softmax_rows
    assert "simcli.games.softmax" in {build.module_name(p) for p in build.hot_sources()}
