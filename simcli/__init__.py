"""simcli: Monte Carlo balance analysis for tabletop games."""
__version__ = "0.1.0"

# compiled or pure modules: SIMCLI_PURE=1 or a stale extension module loads the .py
from simcli import build as _build  # noqa: E402

_build.install()

def load(folder):
    """A results folder's results and summary tables as polars DataFrames (see
    :mod:`simcli.notebook`)."""
    from simcli.notebook import load as _load

    return _load(folder)
