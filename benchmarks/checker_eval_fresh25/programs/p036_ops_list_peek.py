import numpy as np
from llmquay import scale

import tilert as tr

HEADS, D = 4, 256
x = tr.from_numpy(np.ones(D, dtype=np.float32))
heads = [tr.empty((D,), name=f"head{h}") for h in range(HEADS)]
ops = [scale(heads[h].partition((64,)), x, float(h)) for h in range(HEADS)]
print("head 0 before:", heads[0].to_numpy()[:2])  # expect: TC102
for op in ops:
    op.sync()
