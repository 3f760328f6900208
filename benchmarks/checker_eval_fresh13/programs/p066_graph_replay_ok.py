"""Graph replays with the output read only after close, checked against numpy."""

import numpy as np
from llmrig import kernels as K

import tilert as tr

x = tr.arange(128)
acc = tr.zeros(128)
with tr.graph() as g:
    g.record(K.accum(acc.partition((64,)), x))
    g.record(K.accum(acc.partition((64,)), x))
for _ in range(3):
    g.launch().wait()
g.close()
assert np.array_equal(acc.to_numpy(), 6 * np.arange(128, dtype=np.float32))
