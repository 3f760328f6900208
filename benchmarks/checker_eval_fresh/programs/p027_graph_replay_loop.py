"""A decode step captured once as a graph and replayed every token; the hidden state is read
after the graph is closed."""

from __future__ import annotations

import numpy as np
from llmkit.kernels import axpy, scale

import tilert as tr


def main(tokens: int = 5) -> None:
    h = tr.zeros((512,), name="h")
    emb = tr.ones((512,), name="emb")
    with tr.graph() as g:
        g.record(axpy(h.partition((128,)), emb, 1.0))
        g.record(scale(h.partition((128,)), 0.5))
    for _ in range(tokens):
        g.launch().wait()
    g.close()
    expect = 0.0
    for _ in range(tokens):
        expect = (expect + 1.0) * 0.5
    np.testing.assert_allclose(h.to_numpy(), expect, rtol=1e-6)
    print("h:", h.to_numpy()[0])


if __name__ == "__main__":
    main()
