"""A context manager handing out a plan; the block reads the buffer while the plan is alive."""

from contextlib import contextmanager

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr


@contextmanager
def writing(buf: tr.Tensor):
    plan = tiles(buf)
    yield plan


kv = tr.zeros((32,))
with writing(kv) as plan:
    before = kv.to_numpy().copy()  # expect: TC104
    K.copy(plan, vec(np.ones(32))).sync()
print(before.sum())
