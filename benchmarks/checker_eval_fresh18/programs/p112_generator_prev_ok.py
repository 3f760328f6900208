"""A decode generator that submits step t, then ``if prev is not None: prev.wait()`` and yields
the previous step's logits; the last step is waited and yielded after the loop."""

from collections.abc import Iterator

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr


def decode(h: tr.Tensor[tr.f32], steps: int) -> Iterator[np.ndarray]:
    bufs = [tr.empty(h.shape) for _ in range(2)]
    prev = None
    for t in range(steps):
        cur = K.scale(tiles(bufs[t % 2]), h, float(t + 1)).submit()
        if prev is not None:
            prev.wait()
            yield bufs[(t - 1) % 2].to_numpy().copy()
        prev = cur
    if prev is not None:
        prev.wait()
        yield bufs[(steps - 1) % 2].to_numpy().copy()


maxima = [float(step.max()) for step in decode(vec(np.arange(16)), 4)]
assert maxima == [15.0, 30.0, 45.0, 60.0]
