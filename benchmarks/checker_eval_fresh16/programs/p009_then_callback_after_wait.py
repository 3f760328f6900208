"""A `.then` callback, a bound method, reads a stats tensor whose op was waited before."""

import numpy as np
from llmquill.host import tiles, vec
from llmquill.kernels import accum, scale

import tilert as tr


class Monitor:
    def __init__(self) -> None:
        self.stats = vec(16)
        self.bias = vec(16, 0.5)
        self.seen: list[float] = []

    def after(self, zp: tr.Partition, *_: object) -> tr.Op:
        self.seen.append(float(self.stats.to_numpy()[0]))
        return accum(zp, self.bias)


mon = Monitor()
x = vec(16, 1.0)
z = vec(16)
stats_pending = scale(tiles(mon.stats), x, 3.0).submit()
stats_pending.wait()
scale(tiles(z), x, 2.0).then(mon.after).sync()
assert mon.seen == [3.0]
assert np.allclose(z.to_numpy(), 2.5)
