"""A ``typing.NamedTuple`` step whose ``result()`` waits its Pending field and returns the
step, so ``best()`` reads a settled tensor."""

from typing import NamedTuple

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr


class Step(NamedTuple):
    logits: tr.Tensor[tr.f32]
    pending: tr.Pending

    def result(self) -> "Step":
        self.pending.wait()
        return self

    def best(self) -> int:
        return int(np.argmax(self.logits.to_numpy()))


def head(h: tr.Tensor[tr.f32], temperature: float) -> Step:
    logits = tr.empty(h.shape)
    return Step(logits, K.scale(tiles(logits), h, 1.0 / temperature).submit())


raw = np.sin(np.arange(128)).astype(np.float32)
choice = head(vec(raw), 0.7).result().best()
assert choice == int(np.argmax(raw)), choice
