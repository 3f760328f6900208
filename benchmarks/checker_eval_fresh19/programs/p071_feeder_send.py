"""A generator feeds positions: `send()` copies the next positions into the tensor that the
submitted RoPE still reads."""

from __future__ import annotations

from collections.abc import Generator

import numpy as np
from llmfern.host import upload

import tilert as tr
import tilert.kernels as tk


def feeder(positions: tr.Tensor) -> Generator[None, np.ndarray, None]:
    while True:
        nxt = yield
        positions.copy_from(nxt)  # expect: TC103


positions = tr.from_numpy(np.arange(4, dtype=np.int32))
x = upload(np.ones((4, 2, 64)))
out = tr.zeros((4, 2, 64))
feed = feeder(positions)
next(feed)
pending = tk.rope(out, x, positions).submit()
feed.send(np.arange(4, 8, dtype=np.int32))  # expect-also
pending.wait()
