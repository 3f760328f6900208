"""A graph recording a two-kernel chain whose callback hands the partition on; replayed twice."""

from __future__ import annotations

import numpy as np
from llmkit.kernels import axpy, scale

import tilert as tr


def main() -> None:
    h = tr.ones((256,), name="h")
    x = tr.ones((256,))
    with tr.graph() as g:
        g.record(scale(h.partition((64,)), 2.0).then(lambda hp, *_: axpy(hp, x, 1.0)))
    g.launch().wait()
    g.launch().wait()
    g.close()
    np.testing.assert_allclose(h.to_numpy(), 7.0)
    print("h:", h.to_numpy()[0])


if __name__ == "__main__":
    main()
