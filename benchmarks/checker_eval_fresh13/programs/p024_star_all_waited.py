"""head, *body, (tail, tail_done) = stages, all of them waited first."""

import numpy as np
from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr

x = tr.arange(128)
stages = []
for i in range(4):
    out = tr.zeros(128)
    stages.append((out, K.scale(tiles(out), x, float(i)).submit()))
head, *body, (tail, tail_done) = stages
for _, p in (head, *body):
    p.wait()
tail_done.wait()
assert np.array_equal(tail.to_numpy(), np.arange(128, dtype=np.float32) * 3)
