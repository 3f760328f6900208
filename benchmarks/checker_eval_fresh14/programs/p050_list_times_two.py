"""Micro-batches zipped with `[part] * 2`: list repetition repeats the one partition."""

import numpy as np
from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr

acc = tr.zeros((16,), name="acc")
batches = [tr.from_numpy(np.full(16, float(i), np.float32)) for i in (1, 2)]
for part, batch in zip([tiles(acc)] * 2, batches, strict=True):
    K.accum(part, batch).sync()  # expect: TC109
