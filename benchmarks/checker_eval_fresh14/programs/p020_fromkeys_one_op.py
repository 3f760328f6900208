"""Init ops per parameter built with `dict.fromkeys(names, op)`: every key holds the same op,
so the second key's sync runs it again."""

from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr

bias = tr.empty((32,), name="bias")
init = dict.fromkeys(["bias", "bias_ema"], K.fill(tiles(bias), 0.0))
for name, op in init.items():
    op.sync()  # expect: TC110
    print("initialised", name)
