"""A metrics closure captures the hidden state; the dashboard calls it before the wait."""

from collections.abc import Callable

from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr


def make_probe(buf: tr.Tensor) -> Callable[[], float]:
    def probe() -> float:
        return float(buf.to_numpy().mean())  # expect: TC102

    return probe


hidden = tr.zeros((128,), name="hidden")
bias = tr.full((128,), 0.25)
probe = make_probe(hidden)
pending = K.accum(tiles(hidden, 32), bias).submit()
print("mean hidden", probe())  # expect-also
pending.wait()
