"""functools.partial binds tensors only: each call partitions afresh inside add_op."""

import functools

import numpy as np
from llmkit.host import add_op

import tilert as tr

out = tr.zeros((256,))
base = tr.arange(256)
plus_base = functools.partial(add_op, out, base)
plus_base(tr.ones((256,))).sync()
plus_base(tr.full((256,), 3.0)).sync()
np.testing.assert_array_equal(out.to_numpy(), np.arange(256, dtype=np.float32) + 3)
