"""Per-head 2-d outputs row-scaled in a loop with the tile size chosen per head."""

from __future__ import annotations

import numpy as np
from llmkit.kernels import row_scale

import tilert as tr


def main() -> None:
    x = tr.ones((8, 128))
    w = tr.arange(128)
    heads = [tr.zeros((8, 128), name=f"head{h}") for h in range(3)]
    for h, out in enumerate(heads):
        rows = 2 ** (h + 1)
        row_scale(out.partition((rows, 64)), x, w).sync()
    for out in heads:
        np.testing.assert_allclose(out.to_numpy()[5], np.arange(128, dtype=np.float32))
    print("heads done")


if __name__ == "__main__":
    main()
