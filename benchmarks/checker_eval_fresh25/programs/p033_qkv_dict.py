"""Project q, k and v into a dict of buffers, launched together, then inspect q."""

import numpy as np
from llmquay import scale

import tilert as tr

D = 512
rng = np.random.default_rng(11)
x = tr.from_numpy(rng.standard_normal(D).astype(np.float32))
weights = {"q": 0.5, "k": 0.25, "v": 1.0}
buffers = {name: tr.empty((D,), name=name) for name in weights}

pendings = []
for name, w in weights.items():
    pendings.append(scale(buffers[name].partition((128,)), x, w).submit())

q_norm = float(np.linalg.norm(buffers["q"].to_numpy()))  # expect: TC102
for p in pendings:
    p.wait()
print("|q| =", q_norm)
