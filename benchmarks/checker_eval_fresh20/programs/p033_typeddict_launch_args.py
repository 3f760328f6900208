"""Launch arguments kept in a TypedDict; the output is stored as the tensor, not a partition."""

from typing import TypedDict

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import upload

import tilert as tr


class ScaleArgs(TypedDict):
    z: tr.Tensor
    x: tr.Tensor
    a: float


out = tr.zeros((32,))
args: ScaleArgs = {"z": out, "x": upload(np.arange(32)), "a": 3.0}
K.scale(**args).sync()  # expect: TC106
print(out.to_numpy()[:2])
