from __future__ import annotations

from llmrun.kernels import axpy

import tilert as tr


def bench(g: tr.Graph, iters: int) -> None:
    for _ in range(iters - 1):
        g.launch().wait()
    g.launch()  # expect: TC108


acc = tr.zeros((64,))
inc = tr.ones((64,))
with tr.graph() as graph:
    graph.record(axpy(acc.partition((16,)), inc, 1.0))
bench(graph, 4)  # expect-also
graph.close()
print(acc.to_numpy()[0])
