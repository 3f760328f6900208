import numpy as np
from trainkit import sgd_step

import tilert as tr
import tilert.kernels as tk


def train_step(w: tr.Tensor, w_grad: tr.Tensor, x: tr.Tensor, out: tr.Tensor) -> float:
    w_tiles = w.reshape(-1).partition((256,))
    tk.gemv(out, w, x).sync()  # expect: TC104
    sgd_step(w_tiles, w_grad.reshape(-1), 0.01).sync()
    return float(out.to_numpy().sum())


rng = np.random.default_rng(18)
w = tr.from_numpy(rng.standard_normal((32, 64)).astype(np.float32))
w_grad = tr.full((32, 64), 0.1)
x = tr.from_numpy(rng.standard_normal(64).astype(np.float32))
out = tr.empty((32,))
print(train_step(w, w_grad, x, out))  # expect-also: TC104
