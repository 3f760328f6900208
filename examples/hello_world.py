"""Hello world: a kernel launched over a 2 x 3 grid of blocks. Each block prints who it is with
``tl.printf`` and writes its number into its own tile of the output, which the host checks.

The grid comes from the partition: ``ids.partition((1, 1))`` of a 2 x 3 tensor is 2 x 3 tiles,
one block each, and block ``(i, j)`` may store only into tile ``(i, j)``."""

from __future__ import annotations

import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Tensor, i32


@tr.kernel
def hello_world(ids: Mutable[Tensor[i32]]) -> None:
    i, j = tl.bid(0), tl.bid(1)
    rows, cols = tl.num_blocks(0), tl.num_blocks(1)
    tl.printf("Hello, I am tile <%d, %d> in a kernel with <%d, %d> tiles\n", i, j, rows, cols)
    ids.store(tl.zeros((1, 1), tl.i32) + i * cols + j)  # the block's own (1, 1) tile


def main(rows: int = 2, cols: int = 3) -> None:
    ids = tr.full((rows, cols), -1, dtype=i32)
    hello_world(ids.partition((1, 1))).sync()  # grid (2, 3), from the partition
    expect = np.arange(rows * cols, dtype=np.int32).reshape(rows, cols)
    wrong = int(np.count_nonzero(ids.to_numpy() != expect))
    status = "ok" if wrong == 0 else "MISMATCH"
    print(f"hello_world: {rows}x{cols} blocks wrote their numbers, {wrong} wrong: {status}")
    if wrong:
        raise AssertionError(f"hello_world: {wrong} blocks wrote the wrong number")


if __name__ == "__main__":
    main()
