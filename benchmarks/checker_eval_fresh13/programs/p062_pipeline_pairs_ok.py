"""A pipeline keyed by step in a dict of (out, pending); step k-1 drained once step k is issued."""

import numpy as np
from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr

x = tr.arange(128)
inflight: dict[int, tuple[tr.Tensor, tr.Pending]] = {}
sums = []
for step in range(4):
    out = tr.zeros(128)
    inflight[step] = (out, K.scale(tiles(out), x, float(step)).submit())
    if step - 1 in inflight:
        old, done = inflight.pop(step - 1)
        done.wait()
        sums.append(float(old.to_numpy().sum()))
for old, done in inflight.values():
    done.wait()
    sums.append(float(old.to_numpy().sum()))
assert sums == [float(s * np.arange(128).sum()) for s in range(4)]
