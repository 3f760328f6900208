"""tk.rmsnorm given the hidden state as both the input and the residual stream."""

import numpy as np

import tilert as tr
import tilert.kernels as tk


def pre_norm(hidden: tr.Tensor, weight: tr.Tensor) -> tr.Tensor:
    normed = tr.zeros(hidden.shape)
    tk.rmsnorm(normed, hidden, weight, residual=hidden).sync()  # expect: TC101
    return normed


h = tr.from_numpy(np.ones((4, 32), dtype=np.float32))
y = pre_norm(h, tr.ones((32,)))  # expect-also
print(y.to_numpy()[0, :2])
