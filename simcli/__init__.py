"""simcli: Monte Carlo balance analysis for tabletop games."""
__version__ = "0.1.0"


def load(folder):
    """A results folder's results and summary tables as polars DataFrames (see
    :mod:`simcli.notebook`)."""
    from simcli.notebook import load as _load

    return _load(folder)
