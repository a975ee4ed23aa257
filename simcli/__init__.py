"""simcli: Monte Carlo balance analysis for tabletop games."""
__version__ = "0.1.0"
