from __future__ import annotations

from llmrun.kernels import axpy

import tilert as tr


def bench(g: tr.Graph, iters: int) -> None:
    last = None
    for _ in range(iters):
        if last is not None:
            last.wait()
        last = g.launch()
    if last is not None:
        last.wait()


acc = tr.zeros((64,))
inc = tr.ones((64,))
with tr.graph() as graph:
    graph.record(axpy(acc.partition((16,)), inc, 1.0))
bench(graph, 4)
graph.close()
assert acc.to_numpy()[0] == 4.0
