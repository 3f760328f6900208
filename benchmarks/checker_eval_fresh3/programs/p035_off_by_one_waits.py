import numpy as np
from llmhost.kernels import scale

import tilert as tr

x = tr.ones((64,))
outs = [tr.zeros((64,)) for _ in range(4)]
pends = [scale(o.partition((16,)), x, float(i)) for i, o in enumerate(outs)]
pends = [op.submit() for op in pends]

for i in range(len(pends) - 1):
    pends[i].wait()

total = sum(float(np.sum(o.to_numpy())) for o in outs)  # expect: TC102
pends[-1].wait()
print(total)
