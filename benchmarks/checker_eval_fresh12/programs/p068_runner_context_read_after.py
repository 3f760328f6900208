"""A decode runner as a context manager (capture on enter, close on exit); the logits are read
after the block closed the graph."""

from types import TracebackType

import numpy as np
from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr


class DecodeRunner:
    def __init__(self, n: int) -> None:
        self.h = tr.ones((n,))
        self.logits = tr.zeros((n,))

    def __enter__(self) -> "DecodeRunner":
        with tr.graph() as self.g:
            self.g.record(K.accum(tiles(self.logits), self.h))
        return self

    def step(self) -> None:
        self.g.launch().wait()

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.g.close()


with DecodeRunner(128) as runner:
    for _ in range(3):
        runner.step()
assert np.allclose(runner.logits.to_numpy(), 3.0)
