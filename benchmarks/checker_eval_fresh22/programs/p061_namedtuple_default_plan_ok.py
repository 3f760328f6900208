"""Launch specs as a typing.NamedTuple naming the output tensor; the plan is made per launch."""

from typing import NamedTuple

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr

SCRATCH = tr.zeros((64,), name="scratch")


class Spec(NamedTuple):
    factor: float
    out: tr.Tensor = SCRATCH


x = upload(np.arange(64))
results = []
for spec in (Spec(0.5), Spec(2.0)):
    K.scale(tiles(spec.out), x, spec.factor).sync()
    results.append(float(SCRATCH.to_numpy()[3]))
assert results == [1.5, 6.0]
