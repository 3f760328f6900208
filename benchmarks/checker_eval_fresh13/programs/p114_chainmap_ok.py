"""A ChainMap over prefill and decode Pendings, every value waited."""

from collections import ChainMap

import numpy as np
from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr

x = tr.arange(128)
outs = {"p0": tr.zeros(128), "d0": tr.zeros(128)}
prefill = {"p0": K.scale(tiles(outs["p0"]), x, 1.0).submit()}
decode = {"d0": K.scale(tiles(outs["d0"]), x, 2.0).submit()}
for p in ChainMap(prefill, decode).values():
    p.wait()
assert np.array_equal(outs["d0"].to_numpy(), 2 * np.arange(128, dtype=np.float32))
