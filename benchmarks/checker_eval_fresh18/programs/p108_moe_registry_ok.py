"""Mixture of experts: experts registered by a decorator, tokens routed on the host, each
routed expert submitted into its own output, combined after every wait."""

from collections.abc import Callable

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr

EXPERTS: dict[int, Callable[[tr.Tensor, tr.Tensor], tr.Op]] = {}


def expert(idx: int):
    def register(fn):
        EXPERTS[idx] = fn
        return fn

    return register


@expert(0)
def double(out, x):
    return K.scale(tiles(out), x, 2.0)


@expert(1)
def rectify(out, x):
    return K.relu(tiles(out), x)


tokens = [vec(np.arange(-8, 8) * (t + 1)) for t in range(3)]
route = [0, 1, 1]
outs = [tr.empty((16,)) for _ in tokens]
pending = [EXPERTS[e](o, t).submit() for e, o, t in zip(route, outs, tokens, strict=True)]
for p in pending:
    p.wait()
combined = sum(o.to_numpy() for o in outs)
ref = (
    2 * np.arange(-8, 8) + np.maximum(np.arange(-8, 8) * 2, 0) + np.maximum(np.arange(-8, 8) * 3, 0)
)
assert np.array_equal(combined, ref)
