"""A NamedTuple launch spec copied with _replace for a second pass, with a fresh plan."""

from typing import NamedTuple

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr


class ScaleSpec(NamedTuple):
    plan: tr.Partition
    src: tr.Tensor
    factor: float


buf = tr.zeros((32,))
src = H.upload(np.ones(32))
spec = ScaleSpec(H.tiles(buf), src, 2.0)
K.scale(*spec).sync()
again = spec._replace(plan=H.tiles(buf), factor=3.0)
K.scale(*again).sync()
assert np.allclose(buf.to_numpy(), 3.0)
