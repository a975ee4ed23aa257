"""Video Game Champion (``rules.GAME``); ``GAME.evaluate`` is ``evaluation.evaluate``."""
from simcli.games.vgc import evaluation as _evaluation
from simcli.games.vgc import rules as _rules

_rules.GAME.evaluate = _evaluation.evaluate
