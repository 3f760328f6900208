"""A three-stage software pipeline: load k+1 while scaling k and reading k-1, all handed off by
waits in stream order."""

import numpy as np
from llmkit import kernels as K
from llmkit.host import load, tiles

import tilert as tr

N = 128
inputs = [np.full(N, float(i), np.float32) for i in range(5)]
stage_in = [tr.zeros((N,)) for _ in range(2)]
stage_out = [tr.zeros((N,)) for _ in range(2)]
loads: dict[int, tr.Pending] = {0: load(inputs[0], stage_in[0])}
computes: dict[int, tr.Pending] = {}
results: list[float] = []
for k in range(len(inputs) + 1):
    if k + 1 < len(inputs):
        if k - 1 in computes:
            computes.pop(k - 1).wait()
            results.append(float(stage_out[(k - 1) % 2].to_numpy()[0]))
        loads[k + 1] = load(inputs[k + 1], stage_in[(k + 1) % 2])
    if k < len(inputs):
        loads.pop(k).wait()
        computes[k] = K.scale(tiles(stage_out[k % 2]), stage_in[k % 2], 10.0).submit()
for k in sorted(computes):
    computes[k].wait()
    results.append(float(stage_out[k % 2].to_numpy()[0]))
assert results == [0.0, 10.0, 20.0, 30.0, 40.0], results
