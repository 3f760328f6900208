"""A chain with a logging callback: the statistics are taken after the chain completes."""

import numpy as np
from llmdelta import axpy, relu

import tilert as tr

x = tr.from_numpy(np.linspace(-2, 2, 512, dtype=np.float32))
act = tr.zeros((512,), name="act")
stats = []


def add_residual(act_part, *_):
    return axpy(act_part, x, 1.0)


relu(act.partition((128,)), x).then(add_residual).sync()
stats.append(float(act.to_numpy().mean()))
xs = np.linspace(-2, 2, 512, dtype=np.float32)
np.testing.assert_allclose(act.to_numpy(), np.maximum(xs, 0) + xs, rtol=1e-6)
print(stats)
