"""A callable logger passed to ``.then``: it reads the chained partition's ``.tensor`` to log
it before launching the next step on that partition."""

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr


class LogThenScale:
    def __init__(self, factor: float) -> None:
        self.factor = factor
        self.seen: list[float] = []

    def __call__(self, part: tr.Partition[tr.f32], *_: object) -> tr.Op:
        self.seen.append(float(part.tensor.to_numpy().mean()))  # expect: TC102
        return K.scale_(part, self.factor)


x, y = vec(np.arange(64)), vec(np.ones(64))
z = tr.zeros((64,))
logger = LogThenScale(0.5)
K.add(tiles(z), x, y).then(logger).sync()  # expect-also
print(logger.seen)
