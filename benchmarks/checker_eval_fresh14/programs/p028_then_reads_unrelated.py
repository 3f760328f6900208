"""A `.then` callback reading a config tensor that the chain does not hold, then scaling."""

import numpy as np
from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr

temperature = tr.from_numpy(np.array([0.5], np.float32))
hidden = tr.zeros((32,), name="hidden")
x = tr.from_numpy(np.arange(32, dtype=np.float32))
bias = tr.ones((32,))


def scale_by_temperature(part: tr.Partition, *_: object) -> tr.Op:
    t = float(temperature.to_numpy()[0])
    return K.scale_(part, 1.0 / t)


K.add(tiles(hidden), x, bias).then(scale_by_temperature).sync()
np.testing.assert_allclose(hidden.to_numpy(), 2 * (np.arange(32) + 1))
