"""Pre-norm residual with the library: rmsnorm adds into the residual stream in place."""

from __future__ import annotations

import numpy as np

import tilert as tr
import tilert.kernels as tk

TOKENS, DIM = 4, 128


def main() -> None:
    rng = np.random.default_rng(1)
    x_np = rng.standard_normal((TOKENS, DIM), np.float32)
    res_np = rng.standard_normal((TOKENS, DIM), np.float32)
    x = tr.from_numpy(x_np)
    residual = tr.from_numpy(res_np.copy())
    weight = tr.ones((DIM,))
    normed = tr.empty((TOKENS, DIM))
    pending = tk.rmsnorm(normed, x, weight, 1e-6, residual=residual).submit()
    pending.wait()
    s = res_np + x_np
    expect = s / np.sqrt((s * s).mean(axis=1, keepdims=True) + 1e-6)
    np.testing.assert_allclose(residual.to_numpy(), s, rtol=1e-5)
    np.testing.assert_allclose(normed.to_numpy(), expect, rtol=1e-4, atol=1e-5)
    print("rmsnorm ok")


if __name__ == "__main__":
    main()
