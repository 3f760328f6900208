"""A Dropout module with torch's `inplace=True` option, over tilert.kernels.dropout."""

import numpy as np

import tilert as tr
import tilert.kernels as tk


class Dropout:
    def __init__(self, p: float, inplace: bool = False) -> None:
        self.p, self.inplace, self.calls = p, inplace, 0

    def __call__(self, x: tr.Tensor) -> tr.Tensor:
        out = x if self.inplace else tr.empty(x.shape, dtype=x.dtype, name="dropped")
        self.calls += 1
        tk.dropout(out, x, self.p, seed=1234 + self.calls).sync()  # expect: TC101
        return out


drop = Dropout(0.1, inplace=True)
h = tr.from_numpy(np.ones((8, 64), dtype=np.float32))
h = drop(h)  # expect-also
print(float(h.to_numpy().mean()))
