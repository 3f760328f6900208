"""A callable passed to ``.then`` that only launches on the chained partition; the partition's
``.tensor`` is read after the chain ran."""

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr


class ThenScale:
    def __init__(self, factor: float) -> None:
        self.factor = factor
        self.last: tr.Partition[tr.f32] | None = None

    def __call__(self, part: tr.Partition[tr.f32], *_: object) -> tr.Op:
        self.last = part
        return K.scale_(part, self.factor)


x, y = vec(np.arange(64)), vec(np.ones(64))
z = tr.zeros((64,))
step = ThenScale(0.5)
K.add(tiles(z), x, y).then(step).sync()
assert step.last is not None
assert np.allclose(step.last.tensor.to_numpy(), (np.arange(64) + 1) * 0.5)
