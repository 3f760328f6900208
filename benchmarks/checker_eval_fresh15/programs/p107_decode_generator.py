"""A decode loop as a generator: each step's logits are yielded as numpy after the wait."""

from collections.abc import Iterator

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr


def decode(steps: int) -> Iterator[np.ndarray]:
    h = vec(np.ones(16))
    logits = tr.zeros((16,))
    for t in range(steps):
        pending = K.scale(tiles(logits), h, float(t)).submit()
        pending.wait()
        yield logits.to_numpy().copy()


firsts = [float(step[0]) for step in decode(4)]
assert firsts == [0.0, 1.0, 2.0, 3.0]
