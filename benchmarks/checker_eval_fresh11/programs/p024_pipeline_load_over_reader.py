"""A two-stage pipeline where the next load overwrites the input slot its reader still uses."""

import numpy as np
from llmkit import kernels as K
from llmkit.host import load, tiles

import tilert as tr

N = 128
inputs = [np.full(N, float(i), np.float32) for i in range(4)]
slot_in = [tr.zeros((N,)), tr.zeros((N,))]
outs = [tr.zeros((N,)) for _ in inputs]
load(inputs[0], slot_in[0]).wait()
pending = []
for k in range(len(inputs)):
    pending.append(K.scale(tiles(outs[k]), slot_in[k % 2], 3.0).submit())
    if k + 1 < len(inputs):
        nxt = load(inputs[k + 1], slot_in[(k + 1) % 2])  # expect: TC103
        nxt.wait()
for p in pending:
    p.wait()
print([o.to_numpy()[0] for o in outs])
