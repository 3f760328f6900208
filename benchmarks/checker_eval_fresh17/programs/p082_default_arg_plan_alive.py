"""A reset helper whose default argument plans the buffer at definition time; the buffer is
read later."""

from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr

accum = tr.full((64,), 3.0, name="accum")


def reset(plan: tr.Partition = tiles(accum)) -> None:  # noqa: B008
    K.fill(plan, 0.0).sync()


print("before reset", accum.to_numpy()[:2])  # expect: TC104
reset()
