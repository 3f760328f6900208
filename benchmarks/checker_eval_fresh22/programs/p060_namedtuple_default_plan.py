"""Launch specs as a typing.NamedTuple whose output plan has a default."""

from typing import NamedTuple

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr

SCRATCH = tr.zeros((64,), name="scratch")


class Spec(NamedTuple):
    factor: float
    out: tr.Partition = tiles(SCRATCH)


x = upload(np.arange(64))
results = []
for spec in (Spec(0.5), Spec(2.0)):
    K.scale(spec.out, x, spec.factor).sync()  # expect: TC109
    results.append(float(SCRATCH.to_numpy()[3]))
print(results)
