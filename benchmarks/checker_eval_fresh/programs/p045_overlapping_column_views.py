"""Two column blocks of a 2-d activation partitioned for two heads, but the second block's
bounds overlap the first's."""

from __future__ import annotations

from llmkit.kernels import row_scale

import tilert as tr


def main() -> None:
    act = tr.zeros((8, 128), name="act")
    x = tr.ones((8, 64))
    w = tr.ones((64,))
    left = act[:, :64].partition((4, 32))
    right = act[:, 32:96].partition((4, 32))  # expect: TC104
    row_scale(left, x, w).sync()
    row_scale(right, x, w).sync()


if __name__ == "__main__":
    main()
