"""Love Battle (``rules.GAME``); ``GAME.evaluate`` is ``evaluation.evaluate``."""
from simcli.games.lovebattle import evaluation as _evaluation
from simcli.games.lovebattle import rules as _rules

_rules.GAME.evaluate = _evaluation.evaluate
