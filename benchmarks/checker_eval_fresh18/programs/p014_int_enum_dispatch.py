"""Norm kernels dispatched on an ``IntEnum``; the kind chosen for the final norm is never
built into anything that runs."""

from enum import IntEnum

import numpy as np

import tilert as tr
import tilert.kernels as tk


class Norm(IntEnum):
    RMS = 0
    LAYER = 1


def make_norm(kind: Norm, out: tr.Tensor, x: tr.Tensor, w: tr.Tensor, b: tr.Tensor) -> tr.Op:
    if kind is Norm.RMS:
        return tk.rmsnorm(out, x, w)
    return tk.layernorm(out, x, w, b)  # expect: TC105


x = tr.from_numpy(np.random.default_rng(0).standard_normal((4, 64)).astype(np.float32))
w, b = tr.ones((64,)), tr.zeros((64,))
h, final = tr.empty((4, 64)), tr.empty((4, 64))
make_norm(Norm.RMS, h, x, w, b).sync()
norm_op = make_norm(Norm.LAYER, final, h, w, b)  # expect-also
print("done", Norm.LAYER.name)
