"""Library softmax submitted; the host checks the row sums a bit too soon."""

from __future__ import annotations

import numpy as np

import tilert as tr
import tilert.kernels as tk

ROWS, COLS = 8, 100


def main() -> None:
    x = tr.from_numpy(np.random.default_rng(2).standard_normal((ROWS, COLS), np.float32))
    out = tr.empty((ROWS, COLS))
    pending = tk.softmax(out, x).submit()
    row_sums = out.to_numpy().sum(axis=1)  # expect: TC102
    pending.wait()
    print(row_sums)


if __name__ == "__main__":
    main()
