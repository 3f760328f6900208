"""A NamedTuple launch spec copied with _replace for a second pass; the copy keeps the plan."""

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
spec = ScaleSpec(H.tiles(buf), H.upload(np.ones(32)), 2.0)
K.scale(*spec).sync()
again = spec._replace(factor=3.0)
K.scale(*again).sync()  # expect: TC109
