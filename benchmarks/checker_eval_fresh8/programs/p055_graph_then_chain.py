"""A `.then` chain recorded in a graph: the partition moves along the chain inside each
replay."""

import numpy as np
from llmweave.kernels import accumulate, scale_inplace

import tilert as tr

acc = tr.zeros((64,))
x = tr.ones((64,))
with tr.graph() as g:
    g.record(accumulate(acc.partition((16,)), x).then(lambda part, *_: scale_inplace(part, 2.0)))
for _ in range(3):
    g.launch().wait()
g.close()
assert np.allclose(acc.to_numpy(), 14.0)
print(acc.to_numpy()[0])
