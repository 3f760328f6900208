"""A `@contextmanager` reserves a buffer's plan for the block; the block launches, the buffer is
read after the block."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr


@contextmanager
def reserve(buf: tr.Tensor) -> Iterator[tr.Partition]:
    yield tiles(buf)


x = upload(np.ones(64))
out = tr.zeros(64)
before = out.to_numpy().copy()
with reserve(out) as plan:
    K.scale(plan, x, 3.0).sync()
np.testing.assert_allclose(out.to_numpy(), 3.0)
assert not before.any()
print("ok")
