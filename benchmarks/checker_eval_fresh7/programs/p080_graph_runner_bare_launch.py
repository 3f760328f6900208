"""A graph runner whose replay() launches the graph and forgets the launch's Pending; close()
comes at shutdown."""

from __future__ import annotations

from llmroute import kernels as K

import tilert as tr


class Replayer:
    def __init__(self) -> None:
        self.src = tr.arange(64)
        self.dst = tr.zeros((64,), name="dst")
        with tr.graph() as g:
            g.record(K.scale(self.dst.partition((16,)), self.src, 2.0))
        self.graph = g

    def replay(self) -> None:
        self.graph.launch()  # expect: TC108

    def shutdown(self) -> None:
        self.graph.close()


r = Replayer()
r.replay()  # expect-also
r.shutdown()
print(r.dst.to_numpy()[:3])
