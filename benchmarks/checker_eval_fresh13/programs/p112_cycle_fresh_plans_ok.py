"""itertools.cycle over the accumulators themselves, a fresh plan made per micro-batch."""

from itertools import cycle

import numpy as np
from llmrig import kernels as K

import tilert as tr

accs = [tr.zeros(128), tr.zeros(128)]
targets = cycle(accs)
for mb in range(3):
    K.accum(next(targets).partition((64,)), tr.full((128,), float(mb))).sync()
assert np.all(accs[0].to_numpy() == 2.0) and np.all(accs[1].to_numpy() == 1.0)
