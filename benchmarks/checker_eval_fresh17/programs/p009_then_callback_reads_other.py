"""A `.then` callback logs a tensor that another submitted op is still writing."""

from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr

n = 64
stats = tr.zeros((n,), name="stats")
h = tr.ones((n,), name="h")
x = tr.full((n,), 3.0)
log: list[float] = []

stats_done = K.fill(tiles(stats), 1.0).submit()


def then_scale(hp: tr.Partition, *_: object) -> tr.Op:
    log.append(float(stats.to_numpy()[0]))  # expect: TC102
    return K.scale_(hp, 0.5)


K.copy(tiles(h), x).then(then_scale).sync()  # expect-also
stats_done.wait()
print(log, h.to_numpy()[:2])
