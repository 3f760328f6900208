"""A Matrix whose @ submits a gemv and returns a lazy vector; indexing it reads before the wait."""

import numpy as np
from llmanvil.host import upload

import tilert as tr
import tilert.kernels as tk


class LazyVec:
    def __init__(self, t: tr.Tensor, pending: tr.Pending) -> None:
        self.t, self.pending = t, pending

    def __getitem__(self, i: int) -> float:
        return float(self.t.to_numpy()[i])  # expect: TC102

    def result(self) -> np.ndarray:
        self.pending.wait()
        return self.t.to_numpy()


class Matrix:
    def __init__(self, w: tr.Tensor) -> None:
        self.w = w

    def __matmul__(self, x: tr.Tensor) -> LazyVec:
        out = tr.zeros((self.w.shape[0],))
        return LazyVec(out, tk.gemv(out, self.w, x).submit())


W = Matrix(upload(np.eye(16)).reshape(16, 16))
y = W @ upload(np.arange(16))
first = y[0]  # expect-also
print(first, y.result()[:2])
