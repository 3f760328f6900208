"""Launch one softmax per attention head, collect the Pendings, then gather the results."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

HEADS, SEQ = 4, 32
rng = np.random.default_rng(7)
scores = [tr.from_numpy(rng.standard_normal((SEQ, SEQ)).astype(np.float32)) for _ in range(HEADS)]
probs = [tr.empty((SEQ, SEQ)) for _ in range(HEADS)]

pendings = []
for s, p in zip(scores, probs, strict=True):
    pendings.append(tk.softmax(p, s).submit())

row_sums = [p.to_numpy().sum(axis=-1) for p in probs]  # expect: TC102
for pending in pendings:
    pending.wait()
print(np.allclose(row_sums, 1.0, atol=1e-4))
