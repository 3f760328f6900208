"""A callable class as a .then callback only launches; the host bins the output after the sync."""

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr


class Bias:
    def __init__(self, bias: tr.Tensor) -> None:
        self.bias = bias
        self.calls = 0

    def __call__(self, zp: tr.Partition, *_: object) -> tr.Op:
        self.calls += 1
        return K.accum(zp, self.bias)


x = upload(np.arange(16))
out = tr.zeros((16,))
bias = Bias(upload(np.full(16, 0.5)))
K.scale(tiles(out), x, 2.0).then(bias).sync()
hist = np.histogram(out.to_numpy(), bins=4)[0]
assert bias.calls == 1 and hist.sum() == 16
np.testing.assert_allclose(out.to_numpy(), np.arange(16) * 2.0 + 0.5)
