"""A `@contextmanager` opening a side stream and synchronizing it on exit; the body reads the
output inside the block, before the exit."""

from collections.abc import Iterator
from contextlib import contextmanager

import numpy as np
from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr


@contextmanager
def side_stream() -> Iterator[list[tr.Pending]]:
    pend: list[tr.Pending] = []
    with tr.Stream():
        yield pend
    for p in pend:
        p.wait()


x = tr.from_numpy(np.arange(16, dtype=np.float32))
out = tr.zeros((16,), name="side")
with side_stream() as pend:
    pend.append(K.scale(tiles(out), x, 3.0).submit())
    peek = out.to_numpy()[:2]  # expect: TC102
print(peek)
