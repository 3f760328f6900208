"""Element-wise add: the output is partitioned into disjoint tiles, the inputs are shared."""

from __future__ import annotations

import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def add(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], y: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z) + tl.load_tile_like(y, z))


def main(n: int = 1 << 20, tile: int = 1024) -> None:
    rng = np.random.default_rng(0)
    xs = rng.standard_normal(n).astype(np.float32)
    ys = rng.standard_normal(n).astype(np.float32)
    x, y = tr.from_numpy(xs), tr.from_numpy(ys)
    z = tr.zeros((n,), dtype=f32)
    add(z.partition((tile,)), x, y).sync()
    error = float(np.max(np.abs(z.to_numpy() - (xs + ys))))
    status = "ok" if error == 0.0 else "MISMATCH"  # one rounding, the same as numpy's
    print(f"add: {n} f32 elements in {n // tile} tiles of {tile}: max error {error}: {status}")
    if error != 0.0:
        raise AssertionError(f"add: max error {error} against numpy (exact expected)")


if __name__ == "__main__":
    main()
