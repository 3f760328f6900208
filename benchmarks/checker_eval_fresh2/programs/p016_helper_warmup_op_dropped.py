"""A warm-up helper builds the norm op; the warm-up call forgets to run what it returns."""

from __future__ import annotations

import numpy as np
from llmserve.kernels import rms_rows

import tilert as tr

ROWS, COLS = 8, 128


def make_norm(out: tr.Tensor, x: tr.Tensor) -> tr.Op:
    return rms_rows(out.partition((1, COLS)), x, 1e-6)  # expect: TC105


def main() -> None:
    x = tr.ones((ROWS, COLS))
    out = tr.zeros((ROWS, COLS))
    make_norm(out, x)  # expect-also
    make_norm(out, x).sync()
    np.testing.assert_allclose(out.to_numpy(), np.ones((ROWS, COLS)), rtol=1e-4)
    print("norm ok")


if __name__ == "__main__":
    main()
