"""Replays are launched back to back without waiting on each; close() waits for the
outstanding launches and releases the graph."""

from __future__ import annotations

import numpy as np
from llmkit.kernels import axpy

import tilert as tr


def main() -> None:
    acc = tr.zeros((256,), name="acc")
    one = tr.ones((256,))
    with tr.graph() as g:
        g.record(axpy(acc.partition((64,)), one, 1.0))
    for _ in range(4):
        g.launch()
    g.close()
    np.testing.assert_allclose(acc.to_numpy(), 4.0)
    print("acc:", acc.to_numpy()[0])


if __name__ == "__main__":
    main()
