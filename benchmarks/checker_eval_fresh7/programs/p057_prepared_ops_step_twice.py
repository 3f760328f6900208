"""A runner prepares its step's ops once in __init__ ("to save host time") and runs them in
step(); the second decode step runs the same ops again."""

from __future__ import annotations

from llmroute import kernels as K

import tilert as tr


class PreparedStep:
    def __init__(self, dim: int) -> None:
        self.x = tr.ones((dim,))
        self.y = tr.zeros((dim,), name="y")
        self.prepared = [K.axpy(self.y.partition((16,)), self.x, 0.5)]

    def step(self) -> None:
        for op in self.prepared:
            op.submit().wait()  # expect: TC110


runner = PreparedStep(64)
for _token in range(2):
    runner.step()  # expect-also
