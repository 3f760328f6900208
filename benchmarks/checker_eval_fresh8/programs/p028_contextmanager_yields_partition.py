"""A contextmanager that hands out a buffer's partition for the block; the block also logs the
buffer on the host."""

from collections.abc import Iterator
from contextlib import contextmanager

from llmweave.kernels import fill

import tilert as tr


@contextmanager
def writable(t: tr.Tensor) -> Iterator[tr.Partition]:
    part = t.partition((16,))
    yield part


logits = tr.zeros((64,), name="logits")
with writable(logits) as part:
    print("before", logits.to_numpy()[:2])  # expect: TC104
    fill(part, 1.0).sync()
