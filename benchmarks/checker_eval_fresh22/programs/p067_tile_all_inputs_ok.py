"""A helper that prepares a launch: only the output is tiled; inputs go in whole."""

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr


def prepared(out: tr.Tensor, *inputs: tr.Tensor) -> tuple[tr.Partition, tuple[tr.Tensor, ...]]:
    return tiles(out), inputs


def gated(out: tr.Tensor, x: tr.Tensor, gate: tr.Tensor) -> None:
    out_p, (x_in, gate_in) = prepared(out, x, gate)
    K.mul(out_p, x_in, gate_in).sync()


h = tr.zeros((64,), name="h")
gated(h, upload(np.ones(64)), upload(np.full(64, 0.5)))
assert (h.to_numpy() == 0.5).all()
