# Cython augmenting declarations (pure-Python mode): the game object's decision and apply
# call the round's advance (and the log's say) as C functions; they stay Python callables
# for everyone else. The .py stays the source and the pure fallback.
from simcli.games.vghs.phases cimport advance, say
