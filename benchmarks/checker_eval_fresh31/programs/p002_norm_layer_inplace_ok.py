"""RMSNorm layer holding its weight; the caller wants the normalized hidden state."""

import numpy as np

import tilert as tr
import tilert.kernels as tk


class RMSNorm:
    def __init__(self, dim: int, eps: float = 1e-6) -> None:
        self.weight = tr.ones((dim,), name="rms.weight")
        self.eps = eps

    def __call__(self, out: tr.Tensor, x: tr.Tensor) -> tr.Op:
        return tk.rmsnorm(out, x, self.weight, eps=self.eps)


def main() -> None:
    rng = np.random.default_rng(0)
    hidden = tr.from_numpy(rng.standard_normal((8, 256)).astype(np.float32))
    norm = RMSNorm(256)
    normed = tr.empty(hidden.shape)
    norm(normed, hidden).sync()
    print("row rms after norm:", float(np.sqrt((normed.to_numpy() ** 2).mean(axis=1)).mean()))


main()
