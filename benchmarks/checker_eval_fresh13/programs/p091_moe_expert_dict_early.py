"""MoE: expert outputs in a dict keyed by expert id; the combine reads expert 2 before its wait."""

import numpy as np
from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr

h = tr.arange(128)
experts = {e: tr.zeros(128) for e in range(4)}
routed = [0, 2]
inflight = {e: K.scale(tiles(experts[e]), h, 0.5 * (e + 1)).submit() for e in routed}
inflight[0].wait()
combined = sum(experts[e].to_numpy() for e in routed)  # expect: TC102
inflight[2].wait()
print(np.max(combined))
