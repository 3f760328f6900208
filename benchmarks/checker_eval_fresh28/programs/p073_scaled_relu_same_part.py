"""An activation helper that runs two kernels on one output partition."""

import numpy as np
from llmdelta import relu, scale

import tilert as tr


def scaled_relu(out_part, x, alpha):
    relu(out_part, x).sync()
    scale(out_part, out_part.tensor, alpha).sync()  # expect: TC109


x = tr.from_numpy(np.linspace(-1, 1, 256, dtype=np.float32))
y = tr.zeros((256,))
scaled_relu(y.partition((64,)), x, 2.0)  # expect-also: TC109
print(y.to_numpy()[-1])
