"""A `@contextmanager` wraps the capture; the constants are uploaded before it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr


@contextmanager
def capture() -> Iterator[tr.Graph]:
    with tr.graph() as g:
        yield g


out = tr.zeros(64)
bias = upload(np.full(64, 0.5))
with capture() as g:
    g.record(K.axpy(tiles(out), bias, 1.0))
g.launch().wait()
g.launch().wait()
g.close()
np.testing.assert_allclose(out.to_numpy(), 1.0)
print("ok")
