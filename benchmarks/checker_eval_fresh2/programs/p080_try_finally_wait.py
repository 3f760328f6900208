"""Host-side bookkeeping between submit and wait, protected by try/finally."""

from __future__ import annotations

import numpy as np
from llmserve.kernels import rms_rows

import tilert as tr

ROWS, COLS = 4, 128


def normalise(x: tr.Tensor, tokens: list[str]) -> np.ndarray:
    out = tr.empty(x.shape)
    pending = rms_rows(out.partition((1, COLS)), x, 1e-6).submit()
    try:
        lengths = [len(t) for t in tokens]
        if not lengths:
            raise ValueError("empty batch")
    finally:
        pending.wait()
    return out.to_numpy()


def main() -> None:
    x = tr.full((ROWS, COLS), 3.0)
    out = normalise(x, ["a", "bb"])
    np.testing.assert_allclose(out, np.ones((ROWS, COLS)), rtol=1e-4)
    try:
        normalise(x, [])
    except ValueError as e:
        print("rejected:", e)
    print(out[0, :2])


if __name__ == "__main__":
    main()
