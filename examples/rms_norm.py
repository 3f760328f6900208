"""RMSNorm over the last axis, ``out = x / sqrt(mean(x**2) + eps) * weight``, written as a
kernel: f16 in memory, f32 arithmetic. Each block normalizes a few whole rows, padded to a power
of two; the padding reads as 0, which adds nothing to the sum of squares, so it needs no mask.

The library's tuned version, for f16, bf16 and f32, rows of any length (long rows walked in
chunks) and a fused residual add, is ``tk.rmsnorm(out, x, weight, eps, residual=None)``
(``import tilert.kernels as tk``, docs/kernels.md)."""

from __future__ import annotations

import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f16


@tr.kernel
def rms_norm(
    out: Mutable[Tensor[f16]], x: Shared[Tensor[f16]], weight: Shared[Tensor[f16]], eps: float
) -> None:
    bc = out.tile_shape[1]
    t = tl.astype(tl.load_tile_like(x, out), tl.f32)  # (rows, bc), zeros past the row's end
    mean_square = tl.sum(t * t, axis=1, keepdims=True) / x.shape[1]
    w = tl.reshape(tl.astype(weight.load_tile((bc,), (0,)), tl.f32), (1, bc))
    out.store(t * tl.rsqrt(mean_square + eps) * w)  # rounded to f16 by the store


def next_pow2(n: int) -> int:
    return 1 << (n - 1).bit_length()


def main(eps: float = 1e-6) -> None:
    rows, cols = (4096, 4000) if tr.Device().kind == "cuda" else (100, 300)
    rng = np.random.default_rng(4)
    xs = rng.standard_normal((rows, cols)).astype(np.float16)
    ws = (1 + 0.1 * rng.standard_normal(cols)).astype(np.float16)
    out = tr.empty((rows, cols), dtype=f16)
    block_rows = 4  # 100 rows: the last block's rows past the end are masked too
    rms_norm(
        out.partition((block_rows, next_pow2(cols))), tr.from_numpy(xs), tr.from_numpy(ws), eps
    ).sync()
    x64 = xs.astype(np.float64)
    expect = x64 / np.sqrt(np.mean(x64**2, axis=1, keepdims=True) + eps) * ws
    error = float(np.max(np.abs(out.to_numpy().astype(np.float64) - expect)))
    tol = 1e-2  # the f16 output: its rounding is up to 2**-11 of values up to ~5
    ok = error <= tol  # False for NaN too
    print(
        f"rms_norm: {rows}x{cols} f16, blocks of {block_rows} rows: "
        f"max error {error:.1e} against numpy (tolerance {tol:.0e}): {'ok' if ok else 'MISMATCH'}"
    )
    if not ok:
        raise AssertionError(f"rms_norm: max error {error:.1e} > {tol:.0e}")


if __name__ == "__main__":
    main()
