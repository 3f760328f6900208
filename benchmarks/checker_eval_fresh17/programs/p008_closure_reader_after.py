"""A metrics closure captures the hidden state; the dashboard calls it after each wait."""

from collections.abc import Callable

from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr


def make_probe(buf: tr.Tensor) -> Callable[[], float]:
    def probe() -> float:
        return float(buf.to_numpy().mean())

    return probe


hidden = tr.zeros((128,), name="hidden")
bias = tr.full((128,), 0.25)
probe = make_probe(hidden)
history = []
for _ in range(3):
    pending = K.accum(tiles(hidden, 32), bias).submit()
    pending.wait()
    history.append(probe())
assert history == [0.25, 0.5, 0.75]
print(history)
