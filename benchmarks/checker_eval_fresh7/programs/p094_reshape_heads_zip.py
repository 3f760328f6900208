"""Attention heads as views: the flat q buffer reshaped to [heads, dim]; each head written by
its own op, all zipped into one launch, and the flat buffer read afterwards."""

import numpy as np
from llmroute import kernels as K

import tilert as tr

HEADS, HD = 4, 16
q = tr.zeros((HEADS * HD,), name="q")
heads = q.reshape(HEADS, HD)
x = tr.arange(HD)
tr.zip(*[K.scale(heads[h].partition((16,)), x, float(h)) for h in range(HEADS)]).sync()
got = q.to_numpy().reshape(HEADS, HD)
assert np.array_equal(got, np.outer(np.arange(HEADS), np.arange(HD)))
print("heads ok")
