"""Closures sharing a Pending through `nonlocal`: refill() submits, peek() reads the buffer
without waiting it."""

from collections.abc import Callable

from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr


def make_buffer(n: int) -> tuple[Callable[[tr.Tensor], None], Callable[[], float]]:
    buf = tr.zeros((n,))
    pending: tr.Pending | None = None

    def refill(src: tr.Tensor) -> None:
        nonlocal pending
        if pending is not None:
            pending.wait()
        pending = K.copy(tiles(buf), src).submit()

    def peek() -> float:
        return float(buf.to_numpy().sum())  # expect: TC102

    return refill, peek


refill, peek = make_buffer(128)
refill(tr.ones((128,)))
print(peek())  # expect-also
