"""Per-expert output partitions prepared in a list; one expert buffer is checked early."""

import numpy as np
from llmdelta import scale

import tilert as tr

EXPERTS, D = 4, 256
x = tr.from_numpy(np.ones(D, dtype=np.float32))
outs = [tr.zeros((D,), name=f"expert{e}") for e in range(EXPERTS)]
tiles = [o.partition((64,)) for o in outs]
assert not outs[0].to_numpy().any()  # expect: TC104
for e, t in enumerate(tiles):
    scale(t, x, float(e)).sync()
