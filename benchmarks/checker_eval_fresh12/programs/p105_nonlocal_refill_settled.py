"""Closures sharing a Pending through `nonlocal`: refill() submits, peek() waits it first."""

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
        nonlocal pending
        if pending is not None:
            pending.wait()
            pending = None
        return float(buf.to_numpy().sum())

    return refill, peek


refill, peek = make_buffer(128)
refill(tr.ones((128,)))
refill(tr.full((128,), 2.0))
assert peek() == 256.0
