"""Reader closures made in a comprehension, each binding its index as a default argument."""

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr

x = vec(np.arange(32))
outs = [tr.zeros((32,)) for _ in range(3)]
pends = [K.scale(tiles(o), x, float(i)).submit() for i, o in enumerate(outs)]
readers = [lambda i=i: outs[i].to_numpy().sum() for i in range(3)]

sums = []
for i in range(3):
    pends[i].wait()
    sums.append(float(readers[i]()))
assert sums == [0.0, 496.0, 992.0]
