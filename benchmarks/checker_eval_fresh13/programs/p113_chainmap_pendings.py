"""Prefill and decode Pendings looked up through a ChainMap; the decode map is never drained."""

from collections import ChainMap

from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr

x = tr.arange(128)
prefill = {"p0": K.scale(tiles(tr.zeros(128)), x, 1.0).submit()}
decode = {"d0": K.scale(tiles(tr.zeros(128)), x, 2.0).submit()}  # expect: TC108
view = ChainMap(prefill, decode)
for key in list(view.maps[0]):
    view.pop(key).wait()
decode.clear()
