"""Per-head output projection: launch every head, then collect the results."""

import numpy as np
from llmbasin import scale

import tilert as tr

N_HEADS = 8
HEAD_DIM = 128

rng = np.random.default_rng(3)
heads = [tr.from_numpy(rng.standard_normal(HEAD_DIM).astype(np.float32)) for _ in range(N_HEADS)]
outs = [tr.empty((HEAD_DIM,), name=f"o{h}") for h in range(N_HEADS)]

pendings = []
for h in range(N_HEADS):
    pendings.append(scale(outs[h].partition((64,)), heads[h], 1.0 / N_HEADS).submit())

merged = np.zeros(HEAD_DIM, dtype=np.float32)
for out in outs:
    merged += out.to_numpy()  # expect: TC102
for p in pendings:
    p.wait()
print(merged[:4])
