"""A two-phase writer generator plans its output, yields, then launches; the host reads in
between."""

from collections.abc import Generator

from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr


def writer(buf: tr.Tensor, value: float) -> Generator[None, None, None]:
    plan = tiles(buf)
    yield
    K.fill(plan, value).sync()


mask = tr.zeros((64,), name="mask")
w = writer(mask, 1.0)
next(w)
print("mask before:", mask.to_numpy()[:2])  # expect: TC104
next(w, None)
