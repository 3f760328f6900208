"""A context manager lends the tiles of a scratch buffer; the body peeks at the buffer."""

from collections.abc import Iterator
from contextlib import contextmanager

from llmkit import kernels as K

import tilert as tr

scratch = tr.zeros((256,), name="scratch")


@contextmanager
def lend(t: tr.Tensor) -> Iterator[tr.Partition]:
    part = t.partition((64,))
    yield part


with lend(scratch) as part:
    before = scratch.to_numpy().sum()  # expect: TC104
    K.copy(part, tr.arange(256)).sync()
print(before)
