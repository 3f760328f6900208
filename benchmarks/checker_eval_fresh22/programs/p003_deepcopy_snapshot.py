"""Keep a best-so-far copy of the model with copy.deepcopy during training."""

from __future__ import annotations

import copy

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr


class Linear:
    def __init__(self, w: np.ndarray) -> None:
        self.w = upload(w, name="w")
        self.grad_host = np.full_like(w, 0.01)

    def __deepcopy__(self, memo: dict) -> Linear:
        return Linear(self.w.to_numpy().copy())  # expect: TC102

    def sgd(self, lr: float) -> tr.Pending:
        step = upload(-lr * self.grad_host)
        return K.accum(tiles(self.w), step).submit()


model = Linear(np.ones(64, dtype=np.float32))
best, best_loss = None, float("inf")
for loss in [3.0, 2.5, 2.7]:
    pending = model.sgd(lr=0.1)
    if loss < best_loss:
        best, best_loss = copy.deepcopy(model), loss  # expect-also
    pending.wait()
print(best_loss, best.w.to_numpy()[:2] if best else None)
