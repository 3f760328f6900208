"""A context-manager class plans its output in __enter__; the body reads the tensor meanwhile."""

from __future__ import annotations

from llmrig import kernels as K

import tilert as tr


class Update:
    def __init__(self, t: tr.Tensor, src: tr.Tensor) -> None:
        self.t, self.src = t, src

    def __enter__(self) -> Update:
        self.plan = self.t.partition((64,))
        return self

    def __exit__(self, *exc: object) -> None:
        K.copy(self.plan, self.src).sync()


state = tr.zeros(128)
with Update(state, tr.arange(128)):
    print(state.to_numpy()[0])  # expect: TC104
