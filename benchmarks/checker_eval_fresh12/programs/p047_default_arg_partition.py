"""A step function whose default argument is a partition: evaluated once, reused on the second
call."""

from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr

acc = tr.zeros((256,), name="acc")


def step(x: tr.Tensor, part: tr.Partition = tiles(acc)) -> None:  # noqa: B008
    K.accum(part, x).sync()  # expect: TC109


step(tr.ones((256,)))
step(tr.ones((256,)))  # expect-also
print(acc.to_numpy()[0])
