"""The step factory's closure plans a fresh partition on each call."""

import numpy as np
from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr


def make_writer(buf: tr.Tensor):
    def write(src: tr.Tensor) -> None:
        K.copy(tiles(buf), src).sync()

    return write


cache = tr.zeros((32,), name="cache")
write = make_writer(cache)
write(tr.ones((32,)))
write(tr.from_numpy(np.arange(32, dtype=np.float32)))
np.testing.assert_array_equal(cache.to_numpy(), np.arange(32, dtype=np.float32))
