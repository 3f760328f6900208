import numpy as np
from tilekit import add

import tilert as tr
import tilert.kernels as tk


def residual(h, delta):
    """h += delta"""
    add(h.partition((64,)), h, delta).sync()  # expect: TC101


seq, dim = 8, 128
h = tr.from_numpy(np.random.default_rng(2).standard_normal(seq * dim).astype(np.float32))
w = tr.ones((dim,))
normed = tr.empty((seq, dim))
tk.rmsnorm(normed, h.reshape(seq, dim), w).sync()
residual(h, normed.reshape(seq * dim))  # expect-also: TC101
print(h.to_numpy()[:4])
