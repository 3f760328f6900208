"""A context manager hands out a partition; the body launches and the read comes after."""

import contextlib

from llmquill.host import tiles, vec
from llmquill.kernels import scale

import tilert as tr


@contextlib.contextmanager
def planned(t: tr.Tensor):
    before = float(t.to_numpy().sum())
    part = tiles(t)
    yield part
    assert before == 0.0


hidden = vec(32)
x = vec(32, 1.0)
with planned(hidden) as plan:
    scale(plan, x, 4.0).sync()
assert hidden.to_numpy().sum() == 128.0
