import numpy as np
from llmhost.kernels import scale

import tilert as tr


def scaled_sum(x: tr.Tensor, alpha: float, check: bool) -> float:
    out = tr.zeros(x.shape)
    pending = scale(out.partition((16,)), x, alpha).submit()
    try:
        if check and alpha < 0:
            raise ValueError("negative scale")
    finally:
        pending.wait()
    return float(np.sum(out.to_numpy()))


x = tr.ones((64,))
assert scaled_sum(x, 2.0, check=True) == 128.0
try:
    scaled_sum(x, -1.0, check=True)
except ValueError:
    pass
print("finally ok")
