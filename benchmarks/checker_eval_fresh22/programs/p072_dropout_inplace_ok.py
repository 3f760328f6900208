"""A Dropout module with torch's `inplace` option; this model uses the out-of-place path."""

import numpy as np

import tilert as tr
import tilert.kernels as tk


class Dropout:
    def __init__(self, p: float, inplace: bool = False) -> None:
        self.p, self.inplace, self.calls = p, inplace, 0

    def __call__(self, x: tr.Tensor) -> tr.Tensor:
        out = x if self.inplace else tr.empty(x.shape, dtype=x.dtype, name="dropped")
        self.calls += 1
        tk.dropout(out, x, self.p, seed=1234 + self.calls).sync()
        return out


drop = Dropout(0.1)
x = tr.from_numpy(np.ones((8, 64), dtype=np.float32))
h = drop(x)
kept = h.to_numpy()
assert (np.isclose(kept, 0.0) | np.isclose(kept, 1 / 0.9)).all()
assert (x.to_numpy() == 1.0).all()
