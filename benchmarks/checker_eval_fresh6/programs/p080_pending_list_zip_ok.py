# notebook: per-head ops launched from a comprehension, all waited by a loop, read through zip
import numpy as np
from llmforge import kernels as k

import tilert as tr

HEADS = 4
x = tr.from_numpy(np.ones(32, np.float32))
heads = [tr.zeros((32,)) for _ in range(HEADS)]
pendings = [k.scale(h.partition((16,)), x, float(i)) for i, h in enumerate(heads)]
pendings = [op.submit() for op in pendings]
for p in pendings:
    p.wait()
totals = {
    i: float(h.to_numpy().sum()) for i, (h, _) in enumerate(zip(heads, pendings, strict=True))
}
assert totals == {i: 32.0 * i for i in range(HEADS)}, totals
print(totals)
