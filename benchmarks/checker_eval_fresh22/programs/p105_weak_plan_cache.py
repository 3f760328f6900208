"""Output plans cached per tensor in a weakref.WeakKeyDictionary, so dead buffers drop out."""

import weakref

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr

_PLANS: "weakref.WeakKeyDictionary[tr.Tensor, tr.Partition]" = weakref.WeakKeyDictionary()


def plan_for(t: tr.Tensor) -> tr.Partition:
    if t not in _PLANS:
        _PLANS[t] = tiles(t)
    return _PLANS[t]


x = upload(np.ones(1024))
h = tr.zeros((1024,), name="h")
for step in range(2):
    K.scale(plan_for(h), x, float(step + 1)).sync()  # expect: TC109
print(h.to_numpy()[0])
