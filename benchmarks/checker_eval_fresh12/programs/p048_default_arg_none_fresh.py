"""A step function whose default is None, making a fresh partition on each call."""

from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr

acc = tr.zeros((256,), name="acc")


def step(x: tr.Tensor, part: tr.Partition | None = None) -> None:
    K.accum(part if part is not None else tiles(acc), x).sync()


step(tr.ones((256,)))
step(tr.ones((256,)), tiles(acc))
assert float(acc.to_numpy()[0]) == 2.0
