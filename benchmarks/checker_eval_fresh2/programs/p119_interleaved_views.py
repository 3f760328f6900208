"""Even and odd columns (an interleaved layout) written by two ops in flight at once."""

from __future__ import annotations

import numpy as np
from llmserve.kernels import fill

import tilert as tr

ROWS, COLS = 4, 128


def main() -> None:
    packed = tr.zeros((ROWS, COLS), name="packed")
    even = packed[:, ::2]
    odd = packed[:, 1::2]
    p_even = fill(even.partition((ROWS, 32)), 1.0).submit()
    p_odd = fill(odd.partition((ROWS, 32)), -1.0).submit()
    p_even.wait()
    even_sum = float(even.to_numpy().sum())
    p_odd.wait()
    arr = packed.to_numpy()
    np.testing.assert_allclose(arr[:, 0::2], 1.0)
    np.testing.assert_allclose(arr[:, 1::2], -1.0)
    print(even_sum, arr.sum())


if __name__ == "__main__":
    main()
