from __future__ import annotations

import numpy as np
from llmrun.kernels import relu

import tilert as tr


class Captured:
    def __init__(self, n: int) -> None:
        self.inp = tr.zeros((n,))
        self.out = tr.zeros((n,))
        with tr.graph() as self.graph:
            self.inp.copy_from(np.linspace(-1, 1, n, dtype=np.float32))  # expect: TC111
            self.graph.record(relu(self.out.partition((16,)), self.inp))


c = Captured(64)  # expect-also
c.graph.launch().wait()
c.graph.close()
