"""A captured step whose scratch buffer is allocated lazily by a property the first time it is
used, which happens inside the capture."""

from __future__ import annotations

from llmroute import kernels as K

import tilert as tr


class Step:
    def __init__(self, n: int) -> None:
        self.n = n
        self._scratch: tr.Tensor | None = None
        self.x = tr.arange(n)
        self.out = tr.zeros((n,), name="out")

    @property
    def scratch(self) -> tr.Tensor:
        if self._scratch is None:
            self._scratch = tr.zeros((self.n,), name="scratch")  # expect: TC111
        return self._scratch

    def record(self, g: tr.Graph) -> None:
        g.record(K.silu(self.scratch.partition((16,)), self.x))
        g.record(K.add(self.out.partition((16,)), self.scratch, self.x))


step = Step(64)
with tr.graph() as g:
    step.record(g)  # expect-also
for _ in range(2):
    g.launch().wait()
g.close()
