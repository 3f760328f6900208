"""A `@contextmanager` wraps the capture; the body uploads the step's constants inside it."""

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
with capture() as g:
    bias = upload(np.full(64, 0.1))  # expect: TC111
    g.record(K.add(tiles(out), out, bias))
g.close()
