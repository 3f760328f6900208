"""The @contextmanager waits before it yields; the body reads safely."""

from collections.abc import Iterator
from contextlib import contextmanager

import numpy as np
from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr


@contextmanager
def scaled(x: tr.Tensor, a: float) -> Iterator[tr.Tensor]:
    out = tr.zeros(x.shape[0])
    K.scale(tiles(out), x, a).submit().wait()
    yield out


with scaled(tr.arange(128), 2.0) as y:
    assert np.array_equal(y.to_numpy(), 2 * np.arange(128, dtype=np.float32))
