from __future__ import annotations

import numpy as np
from llmrun.kernels import add, axpy, scale

import tilert as tr

x = tr.ones((64,))
h = tr.zeros((64,))
bias = tr.full((64,), 0.25)
seen: list[float] = []


def then_scale(hp: tr.Partition, *_: object) -> tr.Op:
    seen.append(float(bias.to_numpy()[0]))  # bias is not held by the chain
    return scale(hp, 0.5)


chain = add(h.partition((16,)), x, x).then(then_scale).then(lambda hp, *_: axpy(hp, bias, 2.0))
chain.sync()
assert np.allclose(h.to_numpy(), 1.5) and seen == [0.25]
