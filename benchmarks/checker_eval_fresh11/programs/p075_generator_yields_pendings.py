"""A generator submits uploads and yields their Pendings; the consumer skips the first."""

from collections.abc import Iterator

import numpy as np
from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr


def uploads(batches: list[np.ndarray], outs: list[tr.Tensor]) -> Iterator[tr.Pending]:
    for host, out in zip(batches, outs, strict=True):
        yield K.copy(tiles(out), tr.from_numpy(host)).submit()  # expect: TC108


batches = [np.full(64, float(i), np.float32) for i in range(3)]
outs = [tr.zeros((64,)) for _ in batches]
for i, pend in enumerate(uploads(batches, outs)):
    if i == 0:
        continue
    pend.wait()
print(outs[2].to_numpy()[0])
