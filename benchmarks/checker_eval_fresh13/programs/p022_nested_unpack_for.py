"""for name, (buf, pend) in d.items(): each waited before its buffer is read."""

import numpy as np
from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr

h = tr.arange(128)
staged = {}
for name, a in (("q", 0.5), ("k", 2.0), ("v", 1.0)):
    out = tr.zeros(128)
    staged[name] = (out, K.scale(tiles(out), h, a).submit())
norms = {}
for name, (buf, pend) in staged.items():
    pend.wait()
    norms[name] = float(np.linalg.norm(buf.to_numpy()))
assert norms["k"] == 4 * norms["q"]
