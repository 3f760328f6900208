"""Project q, k and v into a dict of buffers, launched together, then inspect q."""

import numpy as np
from llmquay import scale

import tilert as tr

D = 512
rng = np.random.default_rng(11)
x_np = rng.standard_normal(D).astype(np.float32)
x = tr.from_numpy(x_np)
weights = {"q": 0.5, "k": 0.25, "v": 1.0}
buffers = {name: tr.empty((D,), name=name) for name in weights}

pendings = []
for name, w in weights.items():
    pendings.append(scale(buffers[name].partition((128,)), x, w).submit())

for p in pendings:
    p.wait()
q_norm = float(np.linalg.norm(buffers["q"].to_numpy()))
assert abs(q_norm - 0.5 * np.linalg.norm(x_np)) < 1e-3
print("|q| =", q_norm)
