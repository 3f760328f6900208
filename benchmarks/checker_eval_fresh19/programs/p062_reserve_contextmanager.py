"""A `@contextmanager` reserves a buffer's plan for the block; the block logs the buffer before
launching into it."""

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
with reserve(out) as plan:
    print("before:", out.to_numpy()[:2])  # expect: TC104
    K.scale(plan, x, 3.0).sync()
