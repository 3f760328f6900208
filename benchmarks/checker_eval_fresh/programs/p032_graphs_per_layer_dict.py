"""One graph per layer kept in a dict; every token launches all layers' graphs in order, and
all are closed before the activations are read."""

from __future__ import annotations

import numpy as np
from llmkit.kernels import axpy

import tilert as tr


def build(acts: dict[str, tr.Tensor], bias: tr.Tensor) -> dict[str, tr.Graph]:
    graphs = {}
    for name, t in acts.items():
        with tr.graph() as g:
            g.record(axpy(t.partition((64,)), bias, 1.0))
        graphs[name] = g
    return graphs


def main() -> None:
    acts = {f"layer{i}": tr.zeros((256,)) for i in range(3)}
    bias = tr.ones((256,))
    graphs = build(acts, bias)
    for _ in range(2):
        launches = [g.launch() for g in graphs.values()]
        for p in launches:
            p.wait()
    for g in graphs.values():
        g.close()
    for t in acts.values():
        np.testing.assert_allclose(t.to_numpy(), 2.0)
    print("layers:", [float(t.to_numpy()[0]) for t in acts.values()])


if __name__ == "__main__":
    main()
