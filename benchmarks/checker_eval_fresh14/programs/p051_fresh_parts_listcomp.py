"""Micro-batches zipped with a list comprehension of fresh partitions of one accumulator, each
made before the loop and consumed in order."""

import numpy as np
from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr

acc = tr.zeros((16,), name="acc")
batches = [tr.from_numpy(np.full(16, float(i), np.float32)) for i in (1, 2)]
for batch in batches:
    (part,) = [tiles(acc) for _ in range(1)]
    K.accum(part, batch).sync()
np.testing.assert_array_equal(acc.to_numpy(), np.full(16, 3.0, np.float32))
