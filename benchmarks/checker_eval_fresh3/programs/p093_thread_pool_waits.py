from concurrent.futures import ThreadPoolExecutor

import numpy as np
from llmhost.kernels import scale

import tilert as tr

x = tr.ones((64,))
outs = [tr.zeros((64,)) for _ in range(4)]
pends = [scale(o.partition((16,)), x, 2.0).submit() for o in outs]
with ThreadPoolExecutor(max_workers=2) as pool:
    list(pool.map(lambda p: p.wait(), pends))
assert all(np.allclose(o.to_numpy(), 2.0) for o in outs)
print("threads ok")
