import numpy as np
from llmhost.kernels import copy, scale

import tilert as tr


def prefetch(dst: tr.Tensor, src: tr.Tensor) -> tr.Pending:
    return copy(dst.partition((16,)), src).submit()  # expect: TC108


weights_host = tr.from_numpy(np.ones(64, dtype=np.float32))
weights_dev = tr.zeros((64,))
prefetch(weights_dev, weights_host)  # expect-also
out = tr.zeros((64,))
scale(out.partition((16,)), weights_host, 2.0).sync()
print(out.to_numpy()[0])
