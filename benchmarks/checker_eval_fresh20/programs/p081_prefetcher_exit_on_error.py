"""A prefetching context manager waits in __exit__ only when the block succeeded."""

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr


class Prefetch:
    def __init__(self, dst: tr.Tensor, src: tr.Tensor) -> None:
        self.dst, self.src = dst, src
        self.pending: tr.Pending | None = None

    def __enter__(self) -> "Prefetch":
        self.pending = K.copy(tiles(self.dst), self.src).submit()  # expect: TC108
        return self

    def __exit__(self, exc_type: object, *rest: object) -> None:
        if exc_type is None and self.pending is not None:
            self.pending.wait()
        self.pending = None


layer_w = upload(np.arange(32))
staged = tr.zeros((32,))
try:
    with Prefetch(staged, layer_w):  # expect-also
        raise ValueError("request cancelled")
except ValueError as exc:
    print("cancelled:", exc)
