"""Continuous batching with per-request output buffers in a dict: each request's step is
submitted; the scheduler waits on a request's step before reading its output."""

import numpy as np
from servekit import scale_into

import tilert as tr

DIM = 32

inputs: dict[str, tr.Tensor] = {}
outputs: dict[str, tr.Tensor] = {}
pendings: dict[str, tr.Pending] = {}

for rid in ["req-a", "req-b", "req-c"]:
    inputs[rid] = tr.from_numpy(np.full(DIM, len(rid), dtype=np.float32))
    outputs[rid] = tr.zeros((DIM,))

for rid, x in inputs.items():
    pendings[rid] = scale_into(outputs[rid].partition((16,)), x, 0.5).submit()

finished = "req-b"
pendings.pop(finished).wait()
print(finished, "->", outputs[finished].to_numpy()[:3])
for p in pendings.values():
    p.wait()
