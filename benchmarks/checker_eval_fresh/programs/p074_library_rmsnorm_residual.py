"""The library's fused residual rmsnorm (residual += x; out = rmsnorm(residual)) over a few
tokens, synced, then both outputs read."""

from __future__ import annotations

import numpy as np

import tilert as tr
import tilert.kernels as tk


def main() -> None:
    rng = np.random.default_rng(0)
    x = tr.from_numpy(rng.standard_normal((4, 128)).astype(np.float32))
    residual = tr.from_numpy(np.ones((4, 128), dtype=np.float32))
    weight = tr.ones((128,))
    out = tr.empty((4, 128))
    tk.rmsnorm(out, x, weight, eps=1e-6, residual=residual).sync()
    res = residual.to_numpy()
    ref = res / np.sqrt((res * res).mean(axis=1, keepdims=True) + 1e-6)
    np.testing.assert_allclose(out.to_numpy(), ref, rtol=1e-4, atol=1e-5)
    print("rmsnorm ok")


if __name__ == "__main__":
    main()
