"""for (name, out), pend in zip(...): each output read after its wait."""

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr

x = vec(np.arange(32))
bufs = {"gate": tr.zeros((32,)), "up": tr.zeros((32,))}
pends = [K.scale(tiles(b), x, 0.5).submit() for b in bufs.values()]
report = {}
for (name, out), pend in zip(bufs.items(), pends, strict=True):
    pend.wait()
    report[name] = float(out.to_numpy().sum())
assert report == {"gate": 248.0, "up": 248.0}
