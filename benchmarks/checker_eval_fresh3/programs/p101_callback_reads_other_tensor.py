"""The callback reads a config tensor on the host; the chain does not hold it."""

import numpy as np
from llmhost.kernels import axpy, relu

import tilert as tr

gains = tr.full((4,), 0.5)
x = tr.from_numpy(np.linspace(-1, 1, 64, dtype=np.float32))
h = tr.zeros((64,))


def then_scale(hp, *_):
    gain = float(gains.to_numpy()[0])
    return axpy(hp, x, gain)


relu(h.partition((16,)), x).then(then_scale).sync()
xs = np.linspace(-1, 1, 64, dtype=np.float32)
assert np.allclose(h.to_numpy(), np.maximum(xs, 0) + 0.5 * xs)
print("callback ok")
