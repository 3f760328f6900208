"""functools.partial binding an output plan, then called for two micro-batches."""

from functools import partial

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr

acc = tr.zeros((32,))
into_acc = partial(K.accum, tiles(acc))
into_acc(vec(np.ones(32))).sync()
into_acc(vec(np.ones(32))).sync()  # expect: TC109
print(acc.to_numpy()[0])
