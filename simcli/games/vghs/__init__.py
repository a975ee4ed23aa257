"""Video Game High School (``rules.GAME``); ``GAME.evaluate`` and ``GAME.epoch`` come from
``evaluation``."""
from simcli.games.vghs import evaluation as _evaluation
from simcli.games.vghs import rules as _rules

_rules.GAME.evaluate = _evaluation.evaluate
_rules.GAME.epoch = _evaluation.epoch
