"""A two-phase writer generator yields first, then plans and launches; the host reads in between."""

from collections.abc import Generator

import numpy as np
from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr


def writer(buf: tr.Tensor, value: float) -> Generator[None, None, None]:
    yield
    K.fill(tiles(buf), value).sync()


mask = tr.zeros((64,), name="mask")
w = writer(mask, 1.0)
next(w)
before = mask.to_numpy().copy()
next(w, None)
assert not before.any() and np.all(mask.to_numpy() == 1.0)
print("mask before:", before[:2])
