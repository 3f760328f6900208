"""A generator streams tokens from in-flight steps; its `finally` waits when the consumer stops."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr


def stream_tokens(steps: int) -> Iterator[float]:
    bufs = [tr.zeros((4,)) for _ in range(2)]
    one = tr.ones((4,))
    pending: tr.Pending[Any] | None = None
    try:
        for i in range(steps):
            prev, pending = pending, k.scale(tiles(bufs[i % 2]), one, float(i)).submit()
            if prev is not None:
                prev.wait()
                yield float(bufs[(i - 1) % 2].to_numpy()[0])
    finally:
        if pending is not None:
            pending.wait()


tokens = []
for tok in stream_tokens(10):
    tokens.append(tok)
    if tok == 3.0:
        break
assert tokens == [0.0, 1.0, 2.0, 3.0]
print("ok")
