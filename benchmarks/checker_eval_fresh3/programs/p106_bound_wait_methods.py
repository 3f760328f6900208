import numpy as np
from llmhost.kernels import scale

import tilert as tr

x = tr.ones((64,))
outs = [tr.zeros((64,)) for _ in range(3)]
finishers = []
for i, o in enumerate(outs):
    p = scale(o.partition((16,)), x, float(i)).submit()
    finishers.append(p.wait)
for finish in finishers:
    finish()
assert [float(np.max(o.to_numpy())) for o in outs] == [0.0, 1.0, 2.0]
print("bound waits ok")
