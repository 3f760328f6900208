"""Dropout written as a kernel: each element is zeroed with probability ``p`` and the kept ones
are scaled by ``1/(1-p)``. The random numbers come from ``tl.rand(seed, offsets)``, a
counter-based generator (Philox): the number for an element depends only on the seed and the
element's index, so every block draws its own numbers without coordination, a second kernel can
draw the very same ones, and the mask is the same on every backend.

The check: a second kernel writes the uniform numbers themselves, numpy applies the mask to
them, and the library's version, ``tk.dropout(out, x, p, seed)`` (``import tilert.kernels as
tk``, docs/kernels.md), which draws by the same rule (``tl.rand(seed, flat_index) >= p``), must
drop exactly the same elements."""

from __future__ import annotations

import math

import numpy as np

import tilert as tr
import tilert.kernels as tk
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def dropout(out: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], p: float, seed: int) -> None:
    n = out.tile_shape[0]
    offsets = tl.arange(n, dtype=tl.i32) + out.index[0] * n  # the elements' flat indices
    keep = tl.rand(seed, offsets) >= p
    out.store(tl.where(keep, tl.load_tile_like(x, out) / (1.0 - p), 0.0))


@tr.kernel
def uniform(u: Mutable[Tensor[f32]], seed: int) -> None:
    n = u.tile_shape[0]
    u.store(tl.rand(seed, tl.arange(n, dtype=tl.i32) + u.index[0] * n))


def main(p: float = 0.25, seed: int = 1234) -> None:
    n = 1 << 22 if tr.Device().kind == "cuda" else 10_000
    xs = np.random.default_rng(5).standard_normal(n).astype(np.float32)
    x = tr.from_numpy(xs)
    out, u, library = (tr.empty((n,), dtype=f32) for _ in range(3))
    tile = 1024  # 10000 is not a multiple: the last tile is masked
    dropout(out.partition((tile,)), x, p, seed).sync()
    uniform(u.partition((tile,)), seed).sync()
    tk.dropout(library, x, p, seed).sync()

    got = out.to_numpy()
    expect = np.where(u.to_numpy() >= p, xs / np.float32(1.0 - p), np.float32(0.0))
    error = float(np.max(np.abs(got - expect)))
    tol = 1e-5  # a division's rounding, on values up to ~6
    other_mask = int(np.count_nonzero((got == 0) != (library.to_numpy() == 0)))
    kept = float(np.count_nonzero(got)) / n
    spread = 5 * math.sqrt(p * (1 - p) / n)  # five standard deviations of the kept fraction
    ok = error <= tol and other_mask == 0 and abs(kept - (1 - p)) <= spread
    print(
        f"dropout: {n} f32, p={p}, seed={seed}: kept {kept:.4f} "
        f"(expected {1 - p} +- {spread:.4f}), "
        f"max error {error:.1e} against numpy (tolerance {tol:.0e}), "
        f"{other_mask} elements masked differently from tk.dropout: {'ok' if ok else 'MISMATCH'}"
    )
    if not ok:
        raise AssertionError("dropout: the output differs from the reference (see above)")


if __name__ == "__main__":
    main()
