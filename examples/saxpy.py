"""saxpy, y = a*x + y, in place: the output partition is read and written by its own block."""

from __future__ import annotations

import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def saxpy(y: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], a: float) -> None:
    y.store(a * tl.load_tile_like(x, y) + y.load())


def main(n: int = 1000, tile: int = 128) -> None:
    xs = np.arange(n, dtype=np.float32)
    x = tr.from_numpy(xs)
    y = tr.ones((n,), dtype=f32)
    saxpy(y.partition((tile,)), x, 2.0).sync()  # 1000 is not a multiple of 128: edge tile masked
    np.testing.assert_allclose(y.to_numpy(), 2.0 * xs + 1.0)
    print(f"saxpy: {n} elements, tiles of {tile} (last one masked): y[:4] = {y.to_numpy()[:4]}")


if __name__ == "__main__":
    main()
