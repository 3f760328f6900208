"""A helper that 'prepares' every tensor of a launch by tiling it."""

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr


def prepared(*tensors: tr.Tensor) -> list[tr.Partition]:
    return [tiles(t) for t in tensors]


def gated(out: tr.Tensor, x: tr.Tensor, gate: tr.Tensor) -> None:
    out_p, x_p, gate_p = prepared(out, x, gate)
    K.mul(out_p, x_p, gate_p).sync()  # expect: TC106


h = tr.zeros((64,), name="h")
gated(h, upload(np.ones(64)), upload(np.full(64, 0.5)))  # expect-also
print(h.to_numpy()[:2])
