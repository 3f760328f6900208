"""Pipeline parallelism on one device: stage 0 on one stream, stage 1 on another, microbatches
handed over through activation buffers with events (1F1B-like: stage 1 of microbatch i runs
while stage 0 of microbatch i+1 runs). Each stage's Pendings are drained at the end."""

from __future__ import annotations

import numpy as np
from llmroute import kernels as K

import tilert as tr

MB, DIM = 4, 64
s0, s1 = tr.Stream(), tr.Stream()
inputs = [tr.full((DIM,), float(i + 1), name=f"in{i}") for i in range(MB)]
acts = [tr.zeros((DIM,), name=f"act{i}") for i in range(MB)]
outs = [tr.zeros((DIM,), name=f"out{i}") for i in range(MB)]
stage0: list[tr.Pending] = []
stage1: list[tr.Pending] = []

for i in range(MB):
    stage0.append(K.scale(acts[i].partition((16,)), inputs[i], 2.0).submit(s0))
    handoff = s0.record()
    s1.wait_event(handoff)
    stage1.append(K.silu(outs[i].partition((16,)), acts[i]).submit(s1))

for p0, p1 in zip(stage0, stage1, strict=True):
    p1.wait()
    p0.wait()

got = np.array([o.to_numpy()[0] for o in outs])
want = np.array([2.0 * (i + 1) / (1 + np.exp(-2.0 * (i + 1))) for i in range(MB)])
assert np.allclose(got, want, rtol=1e-5)
print(got)
