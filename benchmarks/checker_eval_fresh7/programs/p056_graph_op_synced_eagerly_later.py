"""A runner that keeps the ops it recorded into its graph in a dict, and a debug path that syncs
one of them eagerly to compare with the replay."""

from __future__ import annotations

from llmroute import kernels as K

import tilert as tr


class DebugRunner:
    def __init__(self) -> None:
        self.x = tr.arange(64, name="x")
        self.bufs = {n: tr.zeros((64,), name=n) for n in ("norm", "proj")}
        with tr.graph() as g:
            self.ops = {
                "norm": g.record(K.scale(self.bufs["norm"].partition((16,)), self.x, 0.1)),
                "proj": g.record(K.silu(self.bufs["proj"].partition((16,)), self.x)),
            }
        self.graph = g

    def check(self, name: str) -> None:
        self.ops[name].sync()  # expect: TC110


r = DebugRunner()
r.graph.launch().wait()
r.check("proj")  # expect-also
r.graph.close()
