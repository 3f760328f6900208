# build one op per head, run all but the last (off by one)
from llmdeck.kernels import scale

import tilert as tr

HEADS, D = 4, 32
q = tr.ones((HEADS, D))
out = tr.zeros((HEADS, D))
ops = [scale(out[h].partition((16,)), q[h], 0.125) for h in range(HEADS)]  # expect: TC105
for op in ops[:-1]:
    op.sync()
print("ran", len(ops) - 1, "heads:", [float(out[h].to_numpy()[0]) for h in range(HEADS - 1)])
