"""saxpy, y = a*x + y, in place: the output partition is read and written by its own block, and
the last tile, past the end of the vector, is masked (loads read 0, stores are dropped)."""

from __future__ import annotations

import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def saxpy(y: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], a: float) -> None:
    y.store(a * tl.load_tile_like(x, y) + y.load())


def main(n: int = 1000, tile: int = 128, a: float = 2.0) -> None:
    xs = np.arange(n, dtype=np.float32)
    x = tr.from_numpy(xs)
    y = tr.ones((n,), dtype=f32)
    saxpy(y.partition((tile,)), x, a).sync()  # 1000 is not a multiple of 128: edge tile masked
    error = float(np.max(np.abs(y.to_numpy() - (a * xs + 1.0))))
    status = "ok" if error == 0.0 else "MISMATCH"
    print(f"saxpy: {n} elements in tiles of {tile} (the last masked): max error {error}: {status}")
    if error:
        raise AssertionError(f"saxpy: max error {error} against numpy (exact expected)")


if __name__ == "__main__":
    main()
