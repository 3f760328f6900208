"""square(out, x) into a second buffer, and a gating into a buffer of its own, from views of one
gate_up buffer (both read)."""

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr


def square(out: tr.Tensor, x: tr.Tensor) -> None:
    K.mul(H.tiles(out), x, x).sync()


h = H.upload(np.arange(32) / 8)
h2 = tr.zeros((32,))
square(h2, h)
gate_up = H.upload(np.linspace(-1, 1, 64))
act = tr.zeros((32,))
K.mul(H.tiles(act), gate_up[:32], gate_up[32:]).sync()
g = np.linspace(-1, 1, 64, dtype=np.float32)
assert np.allclose(h2.to_numpy(), (np.arange(32) / 8) ** 2)
assert np.allclose(act.to_numpy(), g[:32] * g[32:])
