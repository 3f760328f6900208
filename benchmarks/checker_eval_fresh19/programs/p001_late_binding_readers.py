"""Reader closures built in a comprehension: late binding makes every reader see the last buffer,
which is still being written."""

from __future__ import annotations

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr

x = upload(np.arange(256))
bufs = [tr.zeros(256) for _ in range(3)]
pendings = []
for i, buf in enumerate(bufs):
    pendings.append(K.scale(tiles(buf), x, float(i + 1)).submit())
for p in pendings[:-1]:
    p.wait()

readers = [lambda: buf.to_numpy() for buf in bufs]  # expect: TC102  # noqa: B023
first = readers[0]()  # expect-also
pendings[-1].wait()
print(first.sum())
