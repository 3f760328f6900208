"""A generator feeds positions; each RoPE is waited before `send()` copies the next positions."""

from __future__ import annotations

from collections.abc import Generator

import numpy as np
from llmfern.host import upload

import tilert as tr
import tilert.kernels as tk


def feeder(positions: tr.Tensor) -> Generator[None, np.ndarray, None]:
    while True:
        nxt = yield
        positions.copy_from(nxt)


positions = tr.from_numpy(np.arange(4, dtype=np.int32))
x = upload(np.ones((4, 2, 64)))
outs = [tr.zeros((4, 2, 64)) for _ in range(2)]
feed = feeder(positions)
next(feed)
for step, out in enumerate(outs):
    tk.rope(out, x, positions).submit().wait()
    feed.send(np.arange(4, dtype=np.int32) + 4 * (step + 1))
a, b = outs[0].to_numpy(), outs[1].to_numpy()
np.testing.assert_allclose(a[0, 0], 1.0, atol=1e-6)
assert not np.allclose(a, b)
print("ok")
