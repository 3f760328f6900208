"""A context manager holding the Pendings of a block's launches and waiting them on exit; the
outputs are read after the block."""

from types import TracebackType

from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr


class InFlight:
    def __init__(self) -> None:
        self.pends: list[tr.Pending] = []

    def __enter__(self) -> "InFlight":
        return self

    def add(self, op: tr.Op) -> None:
        self.pends.append(op.submit())

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        for p in self.pends:
            p.wait()


x = tr.ones((64,))
a, b = tr.zeros((64,)), tr.zeros((64,))
with InFlight() as group:
    group.add(K.scale(tiles(a), x, 2.0))
    group.add(K.scale(tiles(b), x, 3.0))
assert float(a.to_numpy()[0]) + float(b.to_numpy()[0]) == 5.0
