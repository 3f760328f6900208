"""A decode runner as a context manager (capture on enter, close on exit); the logits are read
inside the block, while the graph still holds them."""

from types import TracebackType

from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr


class DecodeRunner:
    def __init__(self, n: int) -> None:
        self.h = tr.ones((n,))
        self.logits = tr.zeros((n,))

    def __enter__(self) -> "DecodeRunner":
        with tr.graph() as self.g:
            self.g.record(K.scale(tiles(self.logits), self.h, 2.0))
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
    print(runner.logits.to_numpy()[:2])  # expect: TC102
