"""A writer context manager partitions in `__enter__` and launches in `__exit__`; the body reads."""

from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr


class Overwrite:
    def __init__(self, buf: tr.Tensor, value: float) -> None:
        self.buf, self.value = buf, value
        self.plan: tr.Partition | None = None

    def __enter__(self) -> "Overwrite":
        self.plan = tiles(self.buf)
        return self

    def __exit__(self, *exc: object) -> None:
        assert self.plan is not None
        K.fill(self.plan, self.value).sync()
        self.plan = None


mask = tr.zeros((64,), name="mask")
with Overwrite(mask, 1.0):
    print("old mask", mask.to_numpy()[:2])  # expect: TC104
