"""SGD over a list of (param, grad) pairs: every update submitted, then all waited by a loop."""

import numpy as np
from llmweave.kernels import sgd

import tilert as tr

rng = np.random.default_rng(0)
params = [tr.from_numpy(rng.standard_normal(64).astype(np.float32)) for _ in range(4)]
grads = [tr.ones((64,)) for _ in range(4)]
before = [p.to_numpy().copy() for p in params]

pending = []
for w, g in zip(params, grads, strict=True):
    pending.append(sgd(w.partition((16,)), g, 0.5).submit())
for p in pending:
    p.wait()

for w, old in zip(params, before, strict=True):
    assert np.allclose(w.to_numpy(), old - 0.5)
print("sgd ok")
