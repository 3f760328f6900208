"""A helper returning a NamedTuple (out, done); the caller waits through the field name."""

from typing import NamedTuple

import numpy as np
from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr


class Staged(NamedTuple):
    out: tr.Tensor
    done: tr.Pending


def stage(x: tr.Tensor, a: float) -> Staged:
    out = tr.zeros(x.shape[0])
    return Staged(out, K.scale(tiles(out), x, a).submit())


s = stage(tr.arange(128), 3.0)
s.done.wait()
assert np.array_equal(s.out.to_numpy(), 3 * np.arange(128, dtype=np.float32))
