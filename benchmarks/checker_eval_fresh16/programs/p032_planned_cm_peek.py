"""A context manager hands out a partition; the body reads the tensor before launching."""

import contextlib

from llmquill.host import tiles, vec
from llmquill.kernels import scale

import tilert as tr


@contextlib.contextmanager
def planned(t: tr.Tensor):
    part = tiles(t)
    yield part


hidden = vec(32)
x = vec(32, 1.0)
with planned(hidden) as plan:
    before = float(hidden.to_numpy().sum())  # expect: TC104
    scale(plan, x, 4.0).sync()
print(before)
