"""Two stages in one parenthesized `with`: the second's __enter__ partitions the first's input."""

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr


class Stage:
    def __init__(self, out: tr.Tensor, x: tr.Tensor, factor: float) -> None:
        self.out, self.x, self.factor = out, x, factor
        self.pending: tr.Pending | None = None

    def __enter__(self) -> "Stage":
        self.pending = K.scale(tiles(self.out), self.x, self.factor).submit()  # expect: TC103
        return self

    def __exit__(self, *exc: object) -> None:
        if self.pending is not None:
            self.pending.wait()


h = upload(np.arange(16))
mid, top = tr.zeros((16,)), tr.zeros((16,))
with (
    Stage(mid, h, 2.0) as first,
    Stage(h, mid, 0.5) as second,  # expect-also
):
    pass
