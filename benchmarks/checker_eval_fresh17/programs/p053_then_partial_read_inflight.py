"""A `.then` chain with a `functools.partial` callback is submitted; the output is printed
before the wait."""

from functools import partial

from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr


def rescale(hp: tr.Partition, *_: object, a: float) -> tr.Op:
    return K.scale_(hp, a)


h = tr.empty((64,), name="h")
x = tr.full((64,), 4.0)
pending = K.copy(tiles(h), x).then(partial(rescale, a=0.25)).submit()
print("h:", h.to_numpy()[:2])  # expect: TC102
pending.wait()
