import numpy as np
from llmhost.kernels import scale

import tilert as tr

out = tr.zeros((64,))
x = tr.ones((64,))
skip_layer = True

part = out.partition((16,))
if skip_layer:
    del part
else:
    scale(part, x, 2.0).sync()
assert np.allclose(out.to_numpy(), 0.0)
print("skipped layer ok")
