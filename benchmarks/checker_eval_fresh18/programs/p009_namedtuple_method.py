"""A ``typing.NamedTuple`` step with a method: ``best()`` reads the logits field while the
step's own Pending field is still unwaited."""

from typing import NamedTuple

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr


class Step(NamedTuple):
    logits: tr.Tensor[tr.f32]
    pending: tr.Pending

    def best(self) -> int:
        return int(np.argmax(self.logits.to_numpy()))  # expect: TC102


def head(h: tr.Tensor[tr.f32], temperature: float) -> Step:
    logits = tr.empty(h.shape)
    return Step(logits, K.scale(tiles(logits), h, 1.0 / temperature).submit())


h = vec(np.sin(np.arange(128)))
step = head(h, 0.7)
choice = step.best()  # expect-also
step.pending.wait()
print(choice)
