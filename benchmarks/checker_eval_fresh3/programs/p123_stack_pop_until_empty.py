import numpy as np
from llmhost.kernels import scale

import tilert as tr

x = tr.ones((64,))
outs = [tr.zeros((64,)) for _ in range(3)]
stack = [scale(o.partition((16,)), x, 3.0).submit() for o in outs]
while stack:
    stack.pop().wait()
assert all(np.allclose(o.to_numpy(), 3.0) for o in outs)
print("stack ok")
