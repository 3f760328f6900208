"""Readers made by `[lambda: b.to_numpy() for b in bufs]` all read the last buffer (late
binding): the first reader runs after only the first wait."""

import numpy as np
from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr

src = tr.from_numpy(np.arange(16, dtype=np.float32))
bufs = [tr.zeros((16,), name=f"b{i}") for i in range(3)]
pend = [K.scale(tiles(b), src, float(i)).submit() for i, b in enumerate(bufs)]
readers = [lambda: b.to_numpy() for b in bufs]  # noqa: B023  # expect: TC102
seen = []
for p, read in zip(pend, readers, strict=True):
    p.wait()
    seen.append(read().sum())  # expect-also
print(seen)
