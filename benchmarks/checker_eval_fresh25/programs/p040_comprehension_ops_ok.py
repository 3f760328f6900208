import numpy as np
from llmquay import add

import tilert as tr

B, N = 4, 1024
xs = [tr.from_numpy(np.full(N, i, dtype=np.float32)) for i in range(B)]
bias = tr.ones((N,))
outs = [tr.empty((N,)) for _ in range(B)]

# warm-up pass, then the measured pass
for _ in range(2):
    pendings = [add(o.partition((256,)), x, bias).submit() for o, x in zip(outs, xs, strict=True)]
    for p in pendings:
        p.wait()
vals = [float(o.to_numpy()[0]) for o in outs]
assert vals == [1.0, 2.0, 3.0, 4.0]
print(vals)
