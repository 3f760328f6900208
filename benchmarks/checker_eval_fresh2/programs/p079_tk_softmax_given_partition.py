"""Library softmax called the way a raw kernel is called, with a partitioned output."""

from __future__ import annotations

import tilert as tr
import tilert.kernels as tk

ROWS, COLS = 4, 64


def main() -> None:
    x = tr.ones((ROWS, COLS))
    out = tr.empty((ROWS, COLS))
    tk.softmax(out.partition((1, COLS)), x).sync()  # expect: TC106
    print(out.to_numpy()[0, :2])


if __name__ == "__main__":
    main()
