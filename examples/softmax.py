"""Row softmax written as a kernel: one block per row, the row padded to a power of two and
masked, so the padding neither wins the max nor adds to the sum.

The library's tuned version, for f16, bf16 and f32 and rows of any length (long rows walked in
chunks), is ``tk.softmax(out, x)`` (``import tilert.kernels as tk``, docs/kernels.md)."""

from __future__ import annotations

import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def softmax(out: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    row = tl.load_tile_like(x, out)  # (1, BLOCK): columns past the row's end read as 0
    cols = tl.expand_dims(tl.arange(out.tile_shape[1], dtype=tl.i32), 0)
    valid = cols < x.shape[1]
    row = tl.where(valid, row, float("-inf"))  # -inf: the padding never wins the max
    shifted = row - tl.max(row, axis=1, keepdims=True)
    num = tl.where(valid, tl.exp(shifted), 0.0)  # 0: the padding adds nothing to the sum
    out.store(num / tl.sum(num, axis=1, keepdims=True))


def next_pow2(n: int) -> int:
    return 1 << (n - 1).bit_length()


def main() -> None:
    rows, cols = (1024, 3000) if tr.Device().kind == "cuda" else (64, 300)
    xs = np.random.default_rng(1).standard_normal((rows, cols)).astype(np.float32)
    x = tr.from_numpy(xs)
    out = tr.empty((rows, cols), dtype=f32)
    softmax(out.partition((1, next_pow2(cols))), x).sync()
    e = np.exp(xs - xs.max(axis=1, keepdims=True))
    error = float(np.max(np.abs(out.to_numpy() - e / e.sum(axis=1, keepdims=True))))
    tol = 1e-5
    ok = error <= tol  # False for NaN too
    print(
        f"softmax: {rows} rows of {cols} (blocks of {next_pow2(cols)}, masked): "
        f"max error {error:.1e} against numpy (tolerance {tol:.0e}): {'ok' if ok else 'MISMATCH'}"
    )
    if not ok:
        raise AssertionError(f"softmax: max error {error:.1e} > {tol:.0e}")


if __name__ == "__main__":
    main()
