"""A contextmanager that submits an op on entry and waits it on exit; the block reads the
output it writes."""

from collections.abc import Iterator
from contextlib import contextmanager

from llmweave.kernels import scale

import tilert as tr


@contextmanager
def running(op: tr.Op) -> Iterator[tr.Pending]:
    pending = op.submit()
    try:
        yield pending
    finally:
        pending.wait()


x, y = tr.ones((64,)), tr.zeros((64,))
with running(scale(y.partition((16,)), x, 4.0)):
    peek = y.to_numpy()[0]  # expect: TC102
print(peek)
