import numpy as np
from llmhost.kernels import scale

import tilert as tr

x = tr.ones((64,))
outs = [tr.zeros((64,)) for _ in range(3)]
pends = [scale(o.partition((16,)), x, float(i + 1)).submit() for i, o in enumerate(outs)]
for i, (o, p) in enumerate(zip(outs, pends, strict=True)):
    p.wait()
    assert np.allclose(o.to_numpy(), i + 1)
print("enumerate zip ok")
