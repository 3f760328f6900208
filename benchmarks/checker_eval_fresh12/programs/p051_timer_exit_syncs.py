"""A timing context manager that syncs its op on exit; the body already synced it."""

import time
from types import TracebackType

from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr


class Timed:
    def __init__(self, op: tr.Op) -> None:
        self.op = op
        self.ms = 0.0

    def __enter__(self) -> tr.Op:
        self.start = time.perf_counter()
        return self.op

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.op.sync()  # expect: TC110
        self.ms = (time.perf_counter() - self.start) * 1e3


out = tr.zeros((256,))
with Timed(K.scale(tiles(out), tr.ones((256,)), 2.0)) as op:  # expect-also
    op.sync()
print(out.to_numpy()[0])
