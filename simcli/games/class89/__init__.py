"""Class of '89 (``rules.GAME``); ``GAME.evaluate`` and ``GAME.epoch`` come from
``evaluation``."""
from simcli.games.class89 import evaluation as _evaluation
from simcli.games.class89 import rules as _rules

_rules.GAME.evaluate = _evaluation.evaluate
_rules.GAME.evaluate_mid = _evaluation.evaluate_mid
_rules.GAME.epoch = _evaluation.epoch
