"""A decode runner captures its step in a graph; the step helper allocates a scratch tensor,
which runs inside the capture."""

from __future__ import annotations

from llmforge import kernels as k

import tilert as tr

D = 64


def step_ops(h: tr.Tensor, out: tr.Tensor) -> list[tr.Op]:
    scratch = tr.zeros((D,))  # expect: TC111
    return [k.scale(scratch.partition((16,)), h, 2.0), k.add(out.partition((16,)), h, h)]


class DecodeRunner:
    def __init__(self) -> None:
        self.h = tr.ones((D,))
        self.out = tr.zeros((D,))
        self.graph = tr.graph()

    def capture(self) -> None:
        with self.graph as g:
            for op in step_ops(self.h, self.out):  # expect-also
                g.record(op)

    def replay(self, steps: int) -> None:
        for _ in range(steps):
            self.graph.launch().wait()
        self.graph.close()


runner = DecodeRunner()
runner.capture()
runner.replay(2)
