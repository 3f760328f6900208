"""A serving loop that polls in-flight requests and returns the finished ones."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

D = 128
rng = np.random.default_rng(43)
weight = tr.ones((D,))
inflight: dict[int, tuple[tr.Pending, tr.Tensor]] = {}
for req in range(4):
    x = tr.from_numpy(rng.standard_normal((1, D)).astype(np.float32))
    out = tr.empty((1, D))
    inflight[req] = (tk.rmsnorm(out, x, weight).submit(), out)

finished: dict[int, float] = {}
while inflight:
    for req, (pend, out) in list(inflight.items()):
        if pend.done():
            finished[req] = float(np.asarray(out.to_numpy()).std())  # expect: TC102
            pend.wait()
            del inflight[req]
print(finished)
