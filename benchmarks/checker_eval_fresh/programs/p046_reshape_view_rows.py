"""A flat hidden buffer reshaped to (tokens, dim) for a row-scaled kernel, then read through the
flat tensor."""

from __future__ import annotations

import numpy as np
from llmkit.kernels import row_scale

import tilert as tr


def main() -> None:
    flat = tr.zeros((512,), name="flat")
    x = tr.ones((4, 128))
    w = tr.arange(128)
    rows = flat.reshape(4, 128)
    row_scale(rows.partition((2, 64)), x, w).sync()
    host = flat.to_numpy().reshape(4, 128)
    np.testing.assert_allclose(host[3], np.arange(128, dtype=np.float32))
    print("row 3 tail:", host[3, -2:])


if __name__ == "__main__":
    main()
