"""SGD over (param, grad) pairs; the drain loop skips the first Pending."""

import numpy as np
from llmweave.kernels import sgd

import tilert as tr


def step(params: list[tr.Tensor], grads: list[tr.Tensor], lr: float) -> list[tr.Pending]:
    return [sgd(w.partition((16,)), g, lr).submit() for w, g in zip(params, grads, strict=True)]


params = [tr.zeros((64,)) for _ in range(3)]
grads = [tr.ones((64,)) for _ in range(3)]
inflight = step(params, grads, 0.1)
for i in range(1, len(inflight)):
    inflight[i].wait()
norms = [float(np.linalg.norm(w.to_numpy())) for w in params]  # expect: TC102
print(norms)
