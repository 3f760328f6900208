"""A context manager lends the tiles of a scratch buffer; the buffer is read after the block."""

from collections.abc import Iterator
from contextlib import contextmanager

import numpy as np
from llmkit import kernels as K

import tilert as tr

scratch = tr.zeros((256,), name="scratch")


@contextmanager
def lend(t: tr.Tensor) -> Iterator[tr.Partition]:
    yield t.partition((64,))


with lend(scratch) as part:
    K.copy(part, tr.arange(256)).sync()
np.testing.assert_array_equal(scratch.to_numpy(), np.arange(256, dtype=np.float32))
