"""An engine whose capture makes its scratch buffer inside the `with tr.graph()` block."""

from __future__ import annotations

from llmdeck.kernels import copy, scale

import tilert as tr

N = 64


class Engine:
    def __init__(self, x: tr.Tensor) -> None:
        self.x = x
        self.y = tr.zeros((N,))

    def capture(self) -> tr.Graph:
        with tr.graph() as g:
            scratch = tr.empty((N,))  # expect: TC111
            g.record(scale(scratch.partition((16,)), self.x, 2.0))
            g.record(copy(self.y.partition((16,)), scratch))
        return g


eng = Engine(tr.arange(N))
graph = eng.capture()  # expect-also
graph.launch().wait()
graph.close()
